import type { AlarmCallNumber, AlarmPlanConfig, AlarmPlanInfo } from '@leitwarte/core';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { channelText, gaveUp, priorityList, recipientNames, statusText } from './plan-texts';

export function Counter({ value, max }: { value: number | undefined; max: number | undefined }) {
  if (value === undefined) return <>–</>;
  const exceeded = max !== undefined && value >= max;
  return (
    <Text span size="sm" c={exceeded ? 'red' : undefined} fw={exceeded ? 700 : undefined}>
      {value} / {max}
    </Text>
  );
}

/** Where the escalation stands: the status, whom it alerts how, failures and the last error. */
export function StatusCell({
  info,
  numbers,
}: {
  info: AlarmPlanInfo | undefined;
  numbers: ReadonlyMap<number, AlarmCallNumber>;
}) {
  const { t, i18n } = useTranslation();
  if (!info) return <>–</>;
  const delivery = info.delivery;
  const recipient = delivery ? numbers.get(delivery.callNumberId) : undefined;
  const time = (at: number) => new Date(at).toLocaleTimeString(i18n.language);
  return (
    <Stack gap={2}>
      <Text size="sm" c={gaveUp(info.statusText) ? 'red' : undefined} data-status>
        {statusText(info.statusText, t)}
      </Text>
      {delivery ? (
        <Text size="xs" c="dimmed">
          {t('remoteAlarm.plans.deliveryTo', {
            name: recipient?.name ?? `#${delivery.callNumberId}`,
            channel: channelText(delivery.channel, t),
          })}
          {delivery.phase === 'sending' && delivery.tries > 0
            ? ` · ${t('remoteAlarm.plans.retryAt', { tries: delivery.tries, time: time(delivery.until) })}`
            : ''}
          {delivery.phase === 'waiting'
            ? ` · ${t('remoteAlarm.plans.waitUntil', { time: time(delivery.until) })}`
            : ''}
        </Text>
      ) : null}
      {delivery?.lastError ? (
        <Text size="xs" c="red" data-last-error>
          {delivery.lastError}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Every plan with its configuration and live counters (screens §3 alarm plan info). */
export function PlansTable({
  plans,
  live,
  numbers,
}: {
  plans: readonly AlarmPlanConfig[];
  live: (plan: AlarmPlanConfig) => AlarmPlanInfo | undefined;
  numbers: ReadonlyMap<number, AlarmCallNumber>;
}) {
  const { t } = useTranslation();
  const rows = plans.map((plan) => {
    const info = live(plan);
    const recipients = info ? recipientNames(info.recipients, numbers) : [];
    return (
      <Table.Tr key={`${plan.station}/${plan.planNumber}`} data-plan={`${plan.station}/${plan.planNumber}`}>
        <Table.Td>
          <Text size="sm" fw={500}>
            {plan.station}/{plan.planNumber} {plan.planname}
          </Text>
          <Text size="xs" c="dimmed">
            {plan.groupname}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={(info?.active ?? plan.active) ? 'green' : 'gray'} data-active>
            {(info?.active ?? plan.active) ? t('remoteAlarm.active') : t('remoteAlarm.inactive')}
          </Badge>
          <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
            {t('remoteAlarm.plans.prioritiesShort', {
              list: info ? priorityList(info.activePriorities) || '–' : '–',
            })}
          </Text>
        </Table.Td>
        <Table.Td title={recipients.join(', ')}>
          <Text size="sm">{t('remoteAlarm.plans.recipientCount', { count: recipients.length })}</Text>
          <Text size="xs" c="dimmed" lineClamp={1} maw={160}>
            {recipients.join(', ')}
          </Text>
        </Table.Td>
        <Table.Td data-alerting>
          <Counter value={info?.alertingCount} max={info?.alertingCountMax} />
        </Table.Td>
        <Table.Td data-changes>
          <Counter value={info?.callNumberChangeCount} max={info?.callNumberChangeCountMax} />
        </Table.Td>
        <Table.Td data-delivered>{info?.deliveredMessages ?? '–'}</Table.Td>
        <Table.Td data-undelivered>
          <Text span size="sm" fw={info && info.undeliveredMessages > 0 ? 700 : undefined}>
            {info?.undeliveredMessages ?? '–'}
          </Text>
        </Table.Td>
        <Table.Td data-notifications title={t('remoteAlarm.plans.notificationsHint')}>
          {info ? `${info.notificationsSent} / ${info.notificationsFailed}` : '–'}
        </Table.Td>
        <Table.Td miw={180}>
          <StatusCell info={info} numbers={numbers} />
        </Table.Td>
      </Table.Tr>
    );
  });
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('remoteAlarm.plans.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('remoteAlarm.plan')}</Table.Th>
            <Table.Th>{t('remoteAlarm.state')}</Table.Th>
            <Table.Th>{t('remoteAlarm.plans.recipients')}</Table.Th>
            <Table.Th>{t('remoteAlarm.plans.alerting')}</Table.Th>
            <Table.Th>{t('remoteAlarm.plans.numberChanges')}</Table.Th>
            <Table.Th>{t('remoteAlarm.plans.delivered')}</Table.Th>
            <Table.Th>{t('remoteAlarm.plans.undelivered')}</Table.Th>
            <Table.Th title={t('remoteAlarm.plans.notificationsHint')}>
              {t('remoteAlarm.plans.notifications')}
            </Table.Th>
            <Table.Th>{t('remoteAlarm.plans.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
