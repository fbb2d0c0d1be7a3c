import type { AlarmCallNumber, AlarmChannel, AlarmPlanConfig, AlarmPlanInfo } from '@leitwarte/core';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { channelText } from './plan-texts';
import { useAlarmPlans, useCallNumbers } from './use-remote-alarm-data';
import { useLiveAlarmState } from './use-live-alarm-state';

/** A call number with its channel, and whether it can be reached on this server. */
export function NumberLabel({
  n,
  channels,
}: {
  n: AlarmCallNumber | undefined;
  channels: readonly AlarmChannel[];
}) {
  const { t } = useTranslation();
  if (!n) return <Text size="sm">–</Text>;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{n.name}</Text>
      <Badge size="xs" variant="light">
        {channelText(n.channel, t)}
      </Badge>
      <Text size="xs" c="dimmed">
        {n.number}
      </Text>
      {n.active ? null : (
        <Badge size="xs" color="gray" variant="outline">
          {t('remoteAlarm.inactive')}
        </Badge>
      )}
      {channels.includes(n.channel) ? null : (
        <Badge size="xs" color="orange" variant="outline">
          {t('remoteAlarm.numbers.channelNotSetUp')}
        </Badge>
      )}
    </Group>
  );
}

/** One plan's positions in alerting order, with its caps (screens §8: exceeded). */
function PlanPositions({
  plan,
  info,
  numbers,
  channels,
}: {
  plan: AlarmPlanConfig;
  info: AlarmPlanInfo | undefined;
  numbers: ReadonlyMap<number, AlarmCallNumber>;
  channels: readonly AlarmChannel[];
}) {
  const { t } = useTranslation();
  const slots = (info?.recipients ?? []).flatMap((id, position) => (id === null ? [] : [{ id, position }]));
  const changesExceeded = info !== undefined && info.callNumberChangeCount >= info.callNumberChangeCountMax;
  const alertingExceeded = info !== undefined && info.alertingCount >= info.alertingCountMax;
  return (
    <Paper withBorder p="sm" radius="md" data-positions={`${plan.station}/${plan.planNumber}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {plan.station}/{plan.planNumber} {plan.planname}
          </Text>
          <Text size="xs" c="dimmed">
            {plan.groupname}
          </Text>
        </div>
        {info ? (
          <Text size="xs" c="dimmed" ta="right">
            {t('remoteAlarm.numbers.changes', {
              count: info.callNumberChangeCount,
              max: info.callNumberChangeCountMax,
            })}
          </Text>
        ) : null}
      </Group>
      {changesExceeded ? (
        <Alert color="red" p={6} mt="xs" data-exceeded>
          <Text size="xs">{t('errors.callNumberChangesExceeded')}</Text>
        </Alert>
      ) : null}
      {alertingExceeded ? (
        <Alert color="red" p={6} mt="xs">
          <Text size="xs">{t('errors.alarmCountExceeded')}</Text>
        </Alert>
      ) : null}
      {slots.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {info ? t('remoteAlarm.numbers.noPositions') : t('app.loading')}
        </Text>
      ) : (
        <List type="ordered" size="sm" mt="xs" spacing={4}>
          {slots.map(({ id, position }) => (
            <List.Item key={position}>
              <NumberLabel n={numbers.get(id)} channels={channels} />
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Call numbers (screens §2): the numbers per plan and position, and every number of the plant. */
export function CallNumbersPage() {
  const { t } = useTranslation();
  const plansQuery = useAlarmPlans();
  const numbersQuery = useCallNumbers();
  const data = plansQuery.data?.status === 'Success' ? plansQuery.data.data : null;
  const plans = useMemo(() => data?.alarmPlans ?? [], [data]);
  const live = useLiveAlarmState(plans, []);
  const list = useMemo(() => numbersQuery.data?.alarmCallnumbers ?? [], [numbersQuery.data]);
  const numbers = useMemo(() => new Map(list.map((n) => [n.id, n])), [list]);
  const channels = numbersQuery.data?.channels ?? ['voice'];
  const categories = new Map((numbersQuery.data?.categories ?? []).map((c) => [c.id, c.name]));

  let content;
  if (plansQuery.isPending || numbersQuery.isPending) content = <LoadingView />;
  else if (!data || numbersQuery.error)
    content = (
      <ErrorView
        title={t('remoteAlarm.loadError')}
        error={numbersQuery.error ?? plansQuery.error ?? undefined}
        onRetry={() => void Promise.all([plansQuery.refetch(), numbersQuery.refetch()])}
      />
    );
  else
    content = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {plans.map((plan) => (
            <PlanPositions
              key={`${plan.station}/${plan.planNumber}`}
              plan={plan}
              info={live.plan(plan)}
              numbers={numbers}
              channels={channels}
            />
          ))}
        </SimpleGrid>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('remoteAlarm.numbers.all')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing={4} aria-label={t('remoteAlarm.numbers.all')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('remoteAlarm.numbers.name')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.numbers.channel')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.numbers.address')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.numbers.category')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.state')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((n) => (
                  <Table.Tr key={n.id}>
                    <Table.Td>{n.name}</Table.Td>
                    <Table.Td>{channelText(n.channel, t)}</Table.Td>
                    <Table.Td>{n.number}</Table.Td>
                    <Table.Td>
                      {n.categoryId === null ? '–' : (categories.get(n.categoryId) ?? n.categoryId)}
                    </Table.Td>
                    <Table.Td>{n.active ? t('remoteAlarm.active') : t('remoteAlarm.inactive')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('remoteAlarm.numbers.pageTitle')}
        </Title>
        <Button component={Link} to="/remote-alarm/call-numbers/edit" variant="light">
          {numbersQuery.data?.currentUserCanEdit
            ? t('remoteAlarm.numbers.edit')
            : t('remoteAlarm.numbers.view')}
        </Button>
      </Group>
      {content}
    </Stack>
  );
}
