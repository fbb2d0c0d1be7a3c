import type { AlarmCallNumber, AlarmPlanConfig, AlarmPlanInfo } from '@leitwarte/core';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { priorityList, recipientNames } from './plan-texts';
import { Counter, StatusCell } from './plans-table';

function Figure({ label, children, cell }: { label: string; children: React.ReactNode; cell: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" {...{ [`data-${cell}`]: '' }}>
        {children}
      </Text>
    </div>
  );
}

/** The plans as cards, for a phone: the same figures as the table, one plan under the other. */
export function PlanCards({
  plans,
  live,
  numbers,
}: {
  plans: readonly AlarmPlanConfig[];
  live: (plan: AlarmPlanConfig) => AlarmPlanInfo | undefined;
  numbers: ReadonlyMap<number, AlarmCallNumber>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-label={t('remoteAlarm.plans.tableLabel')} role="list">
      {plans.map((plan) => {
        const info = live(plan);
        const active = info?.active ?? plan.active;
        const recipients = info ? recipientNames(info.recipients, numbers) : [];
        return (
          <Paper
            key={`${plan.station}/${plan.planNumber}`}
            withBorder
            p="sm"
            radius="md"
            role="listitem"
            data-plan={`${plan.station}/${plan.planNumber}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" fw={600}>
                  {plan.station}/{plan.planNumber} {plan.planname}
                </Text>
                <Text size="xs" c="dimmed">
                  {plan.groupname} ·{' '}
                  {t('remoteAlarm.plans.prioritiesShort', {
                    list: info ? priorityList(info.activePriorities) || '–' : '–',
                  })}
                </Text>
              </div>
              <Badge variant="light" color={active ? 'green' : 'gray'} data-active>
                {active ? t('remoteAlarm.active') : t('remoteAlarm.inactive')}
              </Badge>
            </Group>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              <Figure label={t('remoteAlarm.plans.alerting')} cell="alerting">
                <Counter value={info?.alertingCount} max={info?.alertingCountMax} />
              </Figure>
              <Figure label={t('remoteAlarm.plans.numberChanges')} cell="changes">
                <Counter value={info?.callNumberChangeCount} max={info?.callNumberChangeCountMax} />
              </Figure>
              <Figure label={t('remoteAlarm.plans.notifications')} cell="notifications">
                {info ? `${info.notificationsSent} / ${info.notificationsFailed}` : '–'}
              </Figure>
              <Figure label={t('remoteAlarm.plans.delivered')} cell="delivered">
                {info?.deliveredMessages ?? '–'}
              </Figure>
              <Figure label={t('remoteAlarm.plans.undelivered')} cell="undelivered">
                {info?.undeliveredMessages ?? '–'}
              </Figure>
              <Figure label={t('remoteAlarm.plans.recipients')} cell="recipients">
                {recipients.length}
              </Figure>
            </SimpleGrid>
            <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
              <StatusCell info={info} numbers={numbers} />
            </div>
          </Paper>
        );
      })}
    </Stack>
  );
}
