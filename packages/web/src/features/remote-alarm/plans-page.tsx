import { planKey, type AlarmPlanInfo } from '@leitwarte/core';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allStationsQuery } from '../../api/station';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { LinesTable } from './lines-table';
import { PlanCards } from './plan-cards';
import { PlansTable } from './plans-table';
import { PlansToConfirm } from './plans-to-confirm';
import { plansToConfirmQuery, useAlarmPlans, usePlansToConfirm } from './use-remote-alarm-data';
import { useLiveAlarmState } from './use-live-alarm-state';

/**
 * What the plans' acknowledgements depend on: when a plan's undelivered count changes, the list of
 * plans to confirm is read again.
 */
function useToConfirmFollowsLive(
  plans: readonly { station: number; planNumber: number }[],
  live: (p: { station: number; planNumber: number }) => AlarmPlanInfo | undefined,
) {
  const client = useQueryClient();
  const signature = plans
    .map((p) => `${planKey(p)}:${live(p)?.undeliveredMessages ?? ''}:${live(p)?.deliveredMessages ?? ''}`)
    .join(',');
  useEffect(() => {
    void client.invalidateQueries({ queryKey: plansToConfirmQuery.queryKey });
  }, [client, signature]);
}

/** Remote alarm plans (screens §2): plans with live counters, alarm lines, plans to acknowledge. */
export function PlansPage() {
  const { t } = useTranslation();
  const plansQuery = useAlarmPlans();
  const toConfirm = usePlansToConfirm();
  const stations = useQuery(allStationsQuery);
  const reply = plansQuery.data;
  const data = reply?.status === 'Success' ? reply.data : null;
  const plans = useMemo(() => data?.alarmPlans ?? [], [data]);
  const lines = useMemo(() => data?.alarmLines ?? [], [data]);
  const live = useLiveAlarmState(plans, lines);
  useToConfirmFollowsLive(plans, live.plan);
  const numbers = useMemo(() => new Map((data?.alarmCallnumbers ?? []).map((n) => [n.id, n])), [data]);
  const names = useMemo(() => new Map(plans.map((p) => [planKey(p), p.planname])), [plans]);
  // A phone shows the plans as cards: the table's eleven figures do not fit its width.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const stationName = (station: number) =>
    stations.data?.find((s) => s.stationNumber === station)?.name ?? String(station);

  let content;
  if (plansQuery.isPending) content = <LoadingView />;
  else if (plansQuery.error)
    content = (
      <ErrorView
        title={t('remoteAlarm.loadError')}
        error={plansQuery.error}
        onRetry={() => void plansQuery.refetch()}
      />
    );
  else if (reply?.status === 'Failed')
    content = <ErrorView title={t('remoteAlarm.loadError')} onRetry={() => void plansQuery.refetch()} />;
  else if (plans.length === 0) content = <EmptyView message={t('remoteAlarm.plans.empty')} />;
  else
    content = (
      <Stack gap="md">
        <PlansToConfirm
          plans={toConfirm.data ?? []}
          names={names}
          onDone={async () => {
            await toConfirm.refetch();
          }}
        />
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('remoteAlarm.plans.title')}
          </Title>
          {narrow ? (
            <PlanCards plans={plans} live={live.plan} numbers={numbers} />
          ) : (
            <PlansTable plans={plans} live={live.plan} numbers={numbers} />
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('remoteAlarm.lines.title')}
          </Title>
          <LinesTable lines={lines} live={live.line} stationName={stationName} />
        </Paper>
      </Stack>
    );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('remoteAlarm.plans.pageTitle')}
        </Title>
        {reply?.status === 'Failed' ? (
          <Text size="sm" c="red" role="alert">
            {reply.errorMessage}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('remoteAlarm.plans.summary', { plans: plans.length, lines: lines.length })}
          </Text>
        )}
      </div>
      {content}
    </Stack>
  );
}
