import {
  ALARM_PLAN_MEMBER_SLOTS,
  planKey,
  type AlarmCallNumber,
  type AlarmPlanConfig,
  type AlarmPlanInfo,
} from '@leitwarte/core';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPlanRecipients } from '../../api/remote-alert';
import { channelText } from './plan-texts';
import { PlansFailureDialog, type PlansFailure } from './plans-failure-dialog';

/** A plan's positions edited: which call number alerts at which position (at most 20). */
export function PositionsEditor({
  plans,
  live,
  numbers,
  canEdit,
  onSaved,
}: {
  plans: readonly AlarmPlanConfig[];
  live: (plan: AlarmPlanConfig) => AlarmPlanInfo | undefined;
  numbers: readonly AlarmCallNumber[];
  canEdit: boolean;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(plans[0] ? planKey(plans[0]) : null);
  const plan = plans.find((p) => planKey(p) === selected);
  const info = plan ? live(plan) : undefined;
  const stored = useMemo(() => (info?.recipients ?? []).filter((id): id is number => id !== null), [info]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PlansFailure | null>(null);
  // Edits hold for the plan and stored positions they started from; another plan chosen, or the
  // positions changed elsewhere, and the stored ones show again.
  const base = `${selected}|${stored.join(',')}`;
  const [edit, setEdit] = useState<{ base: string; list: number[] } | null>(null);
  const positions = edit?.base === base ? edit.list : stored;
  const setPositions = (change: (now: number[]) => number[]) => setEdit({ base, list: change(positions) });
  const names = useMemo(() => new Map(plans.map((p) => [planKey(p), p.planname])), [plans]);
  const options = numbers.map((n) => ({
    value: String(n.id),
    label: `${n.name} (${channelText(n.channel, t)})`,
  }));
  const changed = positions.join(',') !== stored.join(',');
  const move = (i: number, by: number) =>
    setPositions((now) => {
      const next = [...now];
      const [item] = next.splice(i, 1);
      if (item !== undefined) next.splice(i + by, 0, item);
      return next;
    });

  const save = async () => {
    if (!plan) return;
    setBusy(true);
    const reply = await setPlanRecipients([
      { station: plan.station, planNumber: plan.planNumber, recipients: positions },
    ]);
    setBusy(false);
    if (reply.status !== 'Success') setFailure({ kind: 'notSaved', reply });
    await onSaved();
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('remoteAlarm.edit.positions')}
      </Title>
      <Stack gap="sm">
        <Select
          label={t('remoteAlarm.plan')}
          data={plans.map((p) => ({
            value: planKey(p),
            label: `${p.station}/${p.planNumber} ${p.planname}`,
          }))}
          value={selected}
          allowDeselect={false}
          onChange={setSelected}
          searchable
        />
        {positions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('remoteAlarm.numbers.noPositions')}
          </Text>
        ) : null}
        {positions.map((id, i) => (
          <Group key={`${i}-${id}`} gap="xs" wrap="nowrap" data-position={i + 1}>
            <Text size="sm" w={24} ta="right">
              {i + 1}.
            </Text>
            <Select
              style={{ flex: 1 }}
              size="xs"
              data={options.filter((o) => o.value === String(id) || !positions.includes(Number(o.value)))}
              value={String(id)}
              disabled={!canEdit}
              allowDeselect={false}
              aria-label={t('remoteAlarm.edit.position', { position: i + 1 })}
              onChange={(value) =>
                value && setPositions((now) => now.map((p, k) => (k === i ? Number(value) : p)))
              }
            />
            <ActionIcon
              variant="subtle"
              disabled={!canEdit || i === 0}
              onClick={() => move(i, -1)}
              aria-label={t('remoteAlarm.edit.up')}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={!canEdit || i === positions.length - 1}
              onClick={() => move(i, 1)}
              aria-label={t('remoteAlarm.edit.down')}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={!canEdit}
              onClick={() => setPositions((now) => now.filter((_, k) => k !== i))}
              aria-label={t('remoteAlarm.edit.remove')}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            size="xs"
            variant="default"
            disabled={
              !canEdit || positions.length >= ALARM_PLAN_MEMBER_SLOTS || positions.length >= numbers.length
            }
            onClick={() => {
              const free = numbers.find((n) => !positions.includes(n.id));
              if (free) setPositions((now) => [...now, free.id]);
            }}
          >
            {t('remoteAlarm.edit.addPosition')}
          </Button>
          <Button size="xs" disabled={!canEdit || !changed} loading={busy} onClick={() => void save()}>
            {t('remoteAlarm.edit.savePositions')}
          </Button>
        </Group>
      </Stack>
      <PlansFailureDialog failure={failure} names={names} onClose={() => setFailure(null)} />
    </Paper>
  );
}
