import type { ChartType } from '@leitwarte/core';
import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getChartDirectories } from '../../api/charts';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { DirectoryTree, holdsCharts, type PlotWidthGuess } from './directory-tree';
import { TYPICAL_VALUE_AXIS_WIDTH } from '../../ui/chart-plot/axis-size';

function ChartTypeTree({ type, plotWidth }: { type: ChartType; plotWidth: PlotWidthGuess }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['charts', 'directories', type] as const,
    queryFn: ({ signal }) => getChartDirectories(type, signal),
  });
  const heading = type === 'LiveMeasurement' ? t('charts.directory.live') : t('charts.directory.archive');
  let body;
  if (query.isPending) body = <LoadingView />;
  else if (query.error)
    body = (
      <ErrorView
        title={t('charts.directory.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!query.data.some(holdsCharts)) body = <EmptyView message={t('charts.directory.empty')} />;
  else body = <DirectoryTree directories={query.data} label={heading} plotWidth={plotWidth} />;
  return (
    <Paper withBorder p="md" data-testid={`chart-tree-${type}`}>
      <Stack gap="sm">
        <Title order={3}>{heading}</Title>
        {body}
      </Stack>
    </Paper>
  );
}

/** /charts: the directory trees of live and archive charts (screens §2). */
export function ChartDirectoryPage() {
  const { t } = useTranslation();
  // A chart screen fills the same content area as this page; its plot that width less one value
  // axis, as the chart screen guesses too.
  const page = useRef<HTMLDivElement>(null);
  const plotWidth = useCallback(
    () => Math.floor(page.current?.clientWidth ?? 0) - TYPICAL_VALUE_AXIS_WIDTH,
    [],
  );
  return (
    <Stack gap="md" ref={page}>
      <Title order={2}>{t('charts.directory.title')}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ChartTypeTree type="Measurement" plotWidth={plotWidth} />
        <ChartTypeTree type="LiveMeasurement" plotWidth={plotWidth} />
      </SimpleGrid>
    </Stack>
  );
}
