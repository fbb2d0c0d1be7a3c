import type { AlarmPlanRef, PlansReply } from '@leitwarte/core';
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { planLabel } from './plan-texts';

/** A plan write or acknowledgement that did not succeed (screens §8), with its reason and lists. */
export interface PlansFailure {
  kind: 'notAcknowledged' | 'notSaved';
  reply: PlansReply;
}

function RefList({
  title,
  refs,
  names,
}: {
  title: string;
  refs: readonly AlarmPlanRef[];
  names: ReadonlyMap<string, string>;
}) {
  if (refs.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{title}</Text>
      <List size="sm">
        {refs.map((ref) => (
          <List.Item key={`${ref.station}/${ref.planNumber}`}>{planLabel(ref, names)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** 'Pläne wurden nicht quittiert' / 'Pläne wurden nicht gespeichert' with the error and the plans. */
export function PlansFailureDialog({
  failure,
  names,
  onClose,
}: {
  failure: PlansFailure | null;
  names: ReadonlyMap<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reply = failure?.reply;
  const title =
    failure?.kind === 'notAcknowledged'
      ? t('dialogs.plansNotAcknowledged.title')
      : t('dialogs.plansNotSaved.title');
  return (
    <Modal opened={failure !== null} onClose={onClose} title={title} centered>
      <Stack gap="md">
        {reply?.errorMessage ? (
          <Text size="sm">{t('dialogs.lists.errorMessage', { message: reply.errorMessage })}</Text>
        ) : null}
        <RefList
          title={t('dialogs.lists.unauthorizedPlans')}
          refs={reply?.unauthorizedPlans ?? []}
          names={names}
        />
        <RefList title={t('remoteAlarm.missingPlans')} refs={reply?.missingPlans ?? []} names={names} />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('dialogs.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
