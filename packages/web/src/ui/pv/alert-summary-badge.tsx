import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StationAlertSummary } from '../../live/station-alerts';
import type { PriorityLook } from '../../lib/use-priorities';

/** Count of a station's open alerts in the colour of the most urgent priority. */
export function AlertSummaryBadge({
  summary,
  priority,
}: {
  summary: StationAlertSummary;
  priority: PriorityLook | undefined;
}) {
  const { t } = useTranslation();
  if (summary.count === 0) {
    return (
      <Text span size="xs" c="dimmed" data-alert-count={0}>
        {t('operate.alerts.none')}
      </Text>
    );
  }
  return (
    <Badge
      size="sm"
      tt="none"
      variant="filled"
      autoContrast
      color={priority?.color ?? 'red'}
      data-alert-count={summary.count}
      data-alert-priority={summary.topPriority ?? undefined}
    >
      {t('operate.alerts.count', { count: summary.count })}
      {priority ? ` · ${priority.name}` : ''}
    </Badge>
  );
}
