import { type PlanToggleEntry, type PlansReply } from '@leitwarte/core';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { togglePlans } from '../../api/remote-alert';
import { setTextMessages } from '../../api/visualization';

/** A dialog the image's actions open. */
export type ActionDialog =
  | { kind: 'invalidPath' }
  | { kind: 'unsupported'; name: string }
  | { kind: 'plans'; entries: PlanToggleEntry[] }
  | { kind: 'text'; textId: number; message: string }
  | { kind: 'failed'; title: string; lines: string[] };

const TEXT_MAX = 500;

function OkFooter({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Button onClick={onClose} data-autofocus>
        {t('dialogs.ok')}
      </Button>
    </Group>
  );
}

function planLines(reply: PlansReply, t: TFunction): string[] {
  const lines: string[] = [];
  if (reply.errorMessage) lines.push(reply.errorMessage);
  const plans = (list: { station: number; planNumber: number }[]) =>
    list.map((p) => `${p.station}/${p.planNumber}`).join(', ');
  if (reply.unauthorizedPlans.length > 0)
    lines.push(`${t('dialogs.lists.unauthorizedPlans')} ${plans(reply.unauthorizedPlans)}`);
  if (reply.missingPlans.length > 0)
    lines.push(`${t('processImages.missingPlans')} ${plans(reply.missingPlans)}`);
  return lines;
}

function PlansConfirm({
  entries,
  onClose,
  onFailed,
}: {
  entries: PlanToggleEntry[];
  onClose: () => void;
  onFailed: (dialog: ActionDialog) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const reply = await togglePlans(entries);
    setBusy(false);
    if (reply.status === 'Success') onClose();
    else onFailed({ kind: 'failed', title: t('dialogs.plansNotSaved.title'), lines: planLines(reply, t) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm">{t('processImages.plans.question')}</Text>
      <List size="sm">
        {entries.map((e) => (
          <List.Item key={`${e.station}/${e.faplan}`}>
            {t(`processImages.plans.${(['off', 'on', 'toggle'] as const)[e.default] ?? 'toggle'}`, {
              station: e.station,
              plan: e.faplan,
            })}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('processImages.cancel')}
        </Button>
        <Button loading={busy} onClick={() => void run()}>
          {t('processImages.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function TextEdit({
  textId,
  message,
  onClose,
  onFailed,
}: {
  textId: number;
  message: string;
  onClose: () => void;
  onFailed: (dialog: ActionDialog) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(message);
  const [busy, setBusy] = useState(false);
  const error = value.trim() === '' ? t('validation.textEmpty') : null;
  const save = async () => {
    if (error) return;
    setBusy(true);
    const reply = await setTextMessages([{ textId, targetValue: value }]);
    setBusy(false);
    if (reply.status === 'Success') onClose();
    else
      onFailed({
        kind: 'failed',
        title: t('dialogs.actionFailed.title'),
        lines: [reply.message ?? t(`processImages.status.${reply.status}`, { defaultValue: reply.status })],
      });
  };
  return (
    <Stack gap="sm">
      <Textarea
        label={t('processImages.textMessage.label', { id: textId })}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        maxLength={TEXT_MAX}
        autosize
        minRows={3}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('processImages.cancel')}
        </Button>
        <Button loading={busy} disabled={error !== null} onClick={() => void save()}>
          {t('processImages.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The dialogs of an image's actions: faulty path, not supported, plans, text, failures. */
export function ActionDialogs({
  dialog,
  onChange,
}: {
  dialog: ActionDialog | null;
  onChange: (dialog: ActionDialog | null) => void;
}) {
  const { t } = useTranslation();
  const close = () => onChange(null);
  if (dialog === null) return null;
  let title: string;
  let body;
  switch (dialog.kind) {
    case 'invalidPath':
      title = t('dialogs.invalidPath.title');
      body = (
        <>
          <Text size="sm">{t('dialogs.invalidPath.notAllowed')}</Text>
          <Text size="sm">{t('dialogs.invalidPath.onlyWebUrls')}</Text>
          <OkFooter onClose={close} />
        </>
      );
      break;
    case 'unsupported':
      title = t('processImages.notSupportedTitle');
      body = (
        <>
          <Text size="sm">{t('dialogs.actionNotSupported.text', { action: dialog.name })}</Text>
          <OkFooter onClose={close} />
        </>
      );
      break;
    case 'plans':
      title = t('processImages.plans.title');
      body = <PlansConfirm entries={dialog.entries} onClose={close} onFailed={onChange} />;
      break;
    case 'text':
      title = t('processImages.textMessage.title');
      body = <TextEdit textId={dialog.textId} message={dialog.message} onClose={close} onFailed={onChange} />;
      break;
    case 'failed':
      title = dialog.title;
      body = (
        <>
          {dialog.lines.map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
          <OkFooter onClose={close} />
        </>
      );
      break;
  }
  return (
    <Modal opened onClose={close} title={title} centered data-dialog={dialog.kind}>
      {body}
    </Modal>
  );
}
