import { planKey, type ActivatePlanData, type AlarmCallNumber } from '@leitwarte/core';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setCallNumberStates, setPlansActive } from '../../api/remote-alert';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { channelText } from './plan-texts';
import { PlansFailureDialog, type PlansFailure } from './plans-failure-dialog';
import { useActivation, useRefreshRemoteAlarm } from './use-remote-alarm-data';
import './remote-alarm.css';

/**
 * Switches plans on and off: only where currentUserCanEdit (screens §4), otherwise read-only.
 * Changes are collected and saved together; what the server refuses is named in the dialog.
 */
function PlanSwitches({
  plans,
  onSaved,
}: {
  plans: readonly ActivatePlanData[];
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PlansFailure | null>(null);
  const names = useMemo(() => new Map(plans.map((p) => [planKey(p.plan), p.planName])), [plans]);
  const changes = plans.filter(
    (p) => wanted.has(planKey(p.plan)) && wanted.get(planKey(p.plan)) !== p.isActive,
  );
  const save = async () => {
    setBusy(true);
    const reply = await setPlansActive(changes.map((p) => ({ ...p.plan, active: !p.isActive })));
    setBusy(false);
    if (reply.status !== 'Success') setFailure({ kind: 'notSaved', reply });
    else setWanted(new Map());
    await onSaved();
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('remoteAlarm.activation.plans')}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={changes.length === 0 || busy}
            onClick={() => setWanted(new Map())}
          >
            {t('remoteAlarm.activation.discard')}
          </Button>
          <Button size="xs" disabled={changes.length === 0} loading={busy} onClick={() => void save()}>
            {t('remoteAlarm.activation.save', { count: changes.length })}
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing={4} aria-label={t('remoteAlarm.activation.plans')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('remoteAlarm.plan')}</Table.Th>
              <Table.Th>{t('remoteAlarm.activation.pvArea')}</Table.Th>
              <Table.Th>{t('remoteAlarm.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {plans.map((p) => {
              const key = planKey(p.plan);
              const on = wanted.get(key) ?? p.isActive;
              return (
                <Table.Tr key={key} data-activation-plan={key}>
                  <Table.Td>
                    {p.plan.station}/{p.plan.planNumber} {p.planName}
                  </Table.Td>
                  <Table.Td>{p.pvAreaName || '–'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Switch
                        checked={on}
                        disabled={!p.currentUserCanEdit}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          setWanted((now) => new Map(now).set(key, checked));
                        }}
                        label={on ? t('remoteAlarm.active') : t('remoteAlarm.inactive')}
                        aria-label={t('remoteAlarm.activation.switchPlan', {
                          name: p.planName,
                          station: p.plan.station,
                        })}
                      />
                      {p.currentUserCanEdit ? null : (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('remoteAlarm.readOnly')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PlansFailureDialog failure={failure} names={names} onClose={() => setFailure(null)} />
    </Paper>
  );
}

/** Switches call numbers on and off at once (setalarmnumbersstate); a failure is said in words. */
function NumberSwitches({
  numbers,
  canEdit,
  onSaved,
}: {
  numbers: readonly AlarmCallNumber[];
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (n: AlarmCallNumber, active: boolean) => {
    setBusy(n.id);
    const reply = await setCallNumberStates([{ id: n.id, active }]);
    setBusy(null);
    setError(reply.status === 'Success' ? null : (reply.errorMessage ?? t('errors.unknown')));
    await onSaved();
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('remoteAlarm.activation.numbers')}
      </Title>
      {error ? (
        <Alert color="red" mb="sm" role="alert" title={t('remoteAlarm.activation.numbersNotSaved')}>
          {error}
        </Alert>
      ) : null}
      {canEdit ? null : (
        <Text size="sm" c="dimmed" mb="sm">
          {t('remoteAlarm.activation.numbersReadOnly')}
        </Text>
      )}
      <Stack gap={6}>
        {numbers.map((n) => (
          <Group key={n.id} justify="space-between" wrap="nowrap" data-activation-number={n.id}>
            <div>
              <Text size="sm">{n.name}</Text>
              <Text size="xs" c="dimmed">
                {channelText(n.channel, t)} · {n.number}
              </Text>
            </div>
            <Switch
              checked={n.active}
              disabled={!canEdit || busy === n.id}
              onChange={(e) => void toggle(n, e.currentTarget.checked)}
              aria-label={t('remoteAlarm.activation.switchNumber', { name: n.name })}
            />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Activation (screens §2 activate/deactivate): plans and call numbers switched on and off. */
export function ActivationPage() {
  const { t } = useTranslation();
  const query = useActivation();
  const refresh = useRefreshRemoteAlarm();
  let content;
  if (query.isPending) content = <LoadingView />;
  else if (query.error || !query.data)
    content = (
      <ErrorView
        title={t('remoteAlarm.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else
    content = (
      <div className="remote-alarm-columns">
        <PlanSwitches plans={query.data.plans} onSaved={refresh} />
        <NumberSwitches
          numbers={query.data.alarmCallnumbers}
          canEdit={query.data.currentUserCanEdit}
          onSaved={refresh}
        />
      </div>
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('remoteAlarm.activation.pageTitle')}
      </Title>
      {content}
    </Stack>
  );
}
