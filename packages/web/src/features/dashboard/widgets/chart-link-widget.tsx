import { Anchor, Stack, Text } from '@mantine/core';
import type { DashboardWidget } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getChartConfig } from '../../../api/charts';

type Chart = Extract<DashboardWidget, { kind: 'Chart' }>;

/**
 * A chart widget until the plot is drawn in the dashboard itself: it names the chart and opens it
 * on its chart screen (live or archive, as the chart's type says).
 */
export function ChartLinkWidget({ widget }: { widget: Chart }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: ['charts', 'config', widget.chartId] as const,
    enabled: widget.chartId !== null,
    queryFn: ({ signal }) => getChartConfig(widget.chartId ?? 0, signal),
  });
  if (widget.chartId === null || config.error) {
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.chart.missing')}
      </Text>
    );
  }
  const chart = config.data;
  const path = chart && `/charts/${chart.type === 'LiveMeasurement' ? 'live' : 'archive'}/${chart.id}`;
  return (
    <Stack gap={4} align="center" data-testid="widget-unavailable">
      <Text size="sm" c="dimmed" ta="center">
        {t('dashboard.widget.unavailable', { kind: t('dashboard.kinds.Chart') })}
      </Text>
      {path ? (
        <Anchor component={Link} to={path} size="sm">
          {t('dashboard.chart.open', { title: chart.title })}
        </Anchor>
      ) : null}
    </Stack>
  );
}
