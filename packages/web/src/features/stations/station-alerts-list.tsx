import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Alert } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/format-locale';
import { usePriorities } from '../../lib/use-priorities';

/** A list of alerts with priority colour, text, time and whether it is still active or waits for acknowledgement. */
export function AlertLines({ alerts, emptyText }: { alerts: readonly Alert[]; emptyText: string }) {
  const { t } = useTranslation();
  const { dateTime } = useLocaleFormat();
  const priorities = usePriorities();
  if (alerts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {alerts.map((alert) => {
        const look = priorities.get(alert.priority);
        return (
          <Group key={alert.id} gap="xs" wrap="nowrap" align="flex-start" data-alert-id={alert.id}>
            <Badge color={look?.color ?? 'gray'} autoContrast variant="filled" miw={90}>
              {look?.name ?? alert.priority}
            </Badge>
            <div style={{ minWidth: 0 }}>
              <Text size="sm">{alert.message || alert.description}</Text>
              <Text size="xs" c="dimmed">
                {dateTime(alert.comingAt)} ·{' '}
                {alert.active ? t('operate.alerts.active') : t('operate.alerts.gone')}
                {alert.pending ? ` · ${t('operate.alerts.unacknowledged')}` : ''}
              </Text>
            </div>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The station's open alerts, live from the alert channel. */
export function StationAlertsList({ alerts }: { alerts: readonly Alert[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="station-alerts">
      <Title order={2} size="h4" id="station-alerts" mb="xs">
        {t('operate.station.openAlerts', { count: alerts.length })}
      </Title>
      <AlertLines alerts={alerts} emptyText={t('operate.alerts.noneOpen')} />
    </Paper>
  );
}
