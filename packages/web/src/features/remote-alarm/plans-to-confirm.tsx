import { planKey, type AlarmPlanRef, type PlanToConfirm } from '@leitwarte/core';
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgePlans } from '../../api/remote-alert';
import { PlansFailureDialog, type PlansFailure } from './plans-failure-dialog';
import { statusText } from './plan-texts';

/**
 * Plans whose messages wait for acknowledgement (alarmplanstoconfirm): acknowledge the sent
 * messages, or with "also unsent" every message (ackNonSent). Plans the user may not acknowledge
 * are shown but cannot be chosen; the server decides again.
 */
export function PlansToConfirm({
  plans,
  names,
  onDone,
}: {
  plans: readonly PlanToConfirm[];
  names: ReadonlyMap<string, string>;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PlansFailure | null>(null);
  const selectable = plans.filter((p) => p.currentUserCanEdit);
  const selected = plans.filter((p) => chosen.has(planKey(p)));
  const toggle = (key: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const acknowledge = async (ackNonSent: boolean) => {
    setBusy(true);
    const refs: AlarmPlanRef[] = selected.map((p) => ({ station: p.station, planNumber: p.planNumber }));
    const reply = await acknowledgePlans(refs, ackNonSent);
    setBusy(false);
    if (reply.status !== 'Success') setFailure({ kind: 'notAcknowledged', reply });
    else setChosen(new Set());
    await onDone();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('remoteAlarm.toConfirm.title')}
          </Title>
          <Group gap="xs">
            <Button
              size="xs"
              disabled={selected.length === 0}
              loading={busy}
              onClick={() => void acknowledge(false)}
            >
              {t('remoteAlarm.toConfirm.acknowledge')}
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={selected.length === 0}
              loading={busy}
              onClick={() => void acknowledge(true)}
            >
              {t('remoteAlarm.toConfirm.acknowledgeAll')}
            </Button>
          </Group>
        </Group>
        {plans.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('remoteAlarm.toConfirm.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} aria-label={t('remoteAlarm.toConfirm.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label={t('remoteAlarm.toConfirm.selectAll')}
                      checked={selectable.length > 0 && selectable.every((p) => chosen.has(planKey(p)))}
                      disabled={selectable.length === 0}
                      onChange={(e) =>
                        setChosen(new Set(e.currentTarget.checked ? selectable.map((p) => planKey(p)) : []))
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('remoteAlarm.plan')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.plans.undelivered')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.toConfirm.unsent')}</Table.Th>
                  <Table.Th>{t('remoteAlarm.plans.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plans.map((plan) => (
                  <Table.Tr key={planKey(plan)} data-confirm-plan={planKey(plan)}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('remoteAlarm.toConfirm.select', {
                          name: plan.planname,
                          station: plan.station,
                        })}
                        checked={chosen.has(planKey(plan))}
                        disabled={!plan.currentUserCanEdit}
                        onChange={() => toggle(planKey(plan))}
                      />
                    </Table.Td>
                    <Table.Td>
                      {plan.station}/{plan.planNumber} {plan.planname}
                      {plan.currentUserCanEdit ? null : (
                        <Badge ml="xs" size="xs" variant="outline" color="gray">
                          {t('remoteAlarm.readOnly')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{plan.undeliveredMessages}</Table.Td>
                    <Table.Td>{plan.unsentMessages}</Table.Td>
                    <Table.Td>{statusText(plan.statusText, t)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <PlansFailureDialog failure={failure} names={names} onClose={() => setFailure(null)} />
    </Paper>
  );
}
