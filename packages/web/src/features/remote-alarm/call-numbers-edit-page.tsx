import { Alert, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { NumberEditor } from './number-editor';
import { PositionsEditor } from './positions-editor';
import { useAlarmPlans, useCallNumbers, useRefreshRemoteAlarm } from './use-remote-alarm-data';
import { useLiveAlarmState } from './use-live-alarm-state';

/** Editing call numbers (screens §2): the numbers and the plans' positions (editCallNumbers). */
export function CallNumbersEditPage() {
  const { t } = useTranslation();
  const plansQuery = useAlarmPlans();
  const numbersQuery = useCallNumbers();
  const refresh = useRefreshRemoteAlarm();
  const data = plansQuery.data?.status === 'Success' ? plansQuery.data.data : null;
  const plans = useMemo(() => data?.alarmPlans ?? [], [data]);
  const live = useLiveAlarmState(plans, []);
  const numbers = numbersQuery.data;

  let content;
  if (plansQuery.isPending || numbersQuery.isPending) content = <LoadingView />;
  else if (!data || !numbers)
    content = (
      <ErrorView
        title={t('remoteAlarm.loadError')}
        error={numbersQuery.error ?? undefined}
        onRetry={() => void Promise.all([plansQuery.refetch(), numbersQuery.refetch()])}
      />
    );
  else
    content = (
      <Stack gap="md">
        {numbers.currentUserCanEdit ? null : (
          <Alert color="gray" role="status">
            {t('remoteAlarm.edit.readOnly')}
          </Alert>
        )}
        <NumberEditor
          key={numbers.alarmCallnumbers.map((n) => `${n.id}:${n.name}:${n.number}:${n.active}`).join('|')}
          numbers={numbers.alarmCallnumbers}
          categories={numbers.categories}
          channels={numbers.channels}
          country={numbers.dialCountry}
          canEdit={numbers.currentUserCanEdit}
          onSaved={refresh}
        />
        <PositionsEditor
          plans={plans}
          live={live.plan}
          numbers={numbers.alarmCallnumbers}
          canEdit={numbers.currentUserCanEdit}
          onSaved={refresh}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('remoteAlarm.edit.pageTitle')}
      </Title>
      {content}
    </Stack>
  );
}
