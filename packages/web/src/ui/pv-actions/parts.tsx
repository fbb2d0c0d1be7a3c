import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list of a failed reply: its heading and the objects it names. */
export interface FailureList {
  label: string;
  items: string[];
}

/** What a failed action shows (screens §8): title, the error text and the lists of the reply. */
export interface Failure {
  title: string;
  text?: string;
  errorMessage?: string | null;
  lists?: FailureList[];
}

/** "Name (AnaOut-100040)" where the config is known, else "AnaOut 100040" (the catalogue's form). */
export function pvLabel(ref: PvRef, configs: ReadonlyMap<string, PvConfig>): string {
  const config = configs.get(pvKey(ref));
  return config ? `${config.name} (${pvKey(ref)})` : `${ref.type} ${ref.nr}`;
}

/** The failure's content with an OK button. */
export function FailureView({ failure, onClose }: { failure: Failure; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="action-failure">
      {failure.text ? <Text size="sm">{failure.text}</Text> : null}
      {failure.errorMessage ? (
        <Text size="sm">{t('dialogs.lists.errorMessage', { message: failure.errorMessage })}</Text>
      ) : null}
      {(failure.lists ?? [])
        .filter((list) => list.items.length > 0)
        .map((list) => (
          <div key={list.label}>
            <Text size="sm" fw={600}>
              {list.label}
            </Text>
            <List size="sm">
              {list.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </div>
        ))}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('dialogs.ok')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The modal every action uses: its title, a failure replaces the form. */
export function ActionModal({
  title,
  failure,
  onClose,
  children,
  size = 'md',
}: {
  title: string;
  failure: Failure | null;
  onClose: () => void;
  children: ReactNode;
  size?: string;
}) {
  return (
    <Modal opened onClose={onClose} title={failure?.title ?? title} centered size={size}>
      {failure ? <FailureView failure={failure} onClose={onClose} /> : children}
    </Modal>
  );
}

/** Cancel and the action's submit; `busy` while the call runs. */
export function ActionButtons({
  onCancel,
  submitLabel,
  busy = false,
  disabled = false,
  onSubmit,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy?: boolean;
  disabled?: boolean;
  onSubmit?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('operate.cancel')}
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A question before the call (screens §4: confirm, then call). */
export function ConfirmStep({
  question,
  items,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
}: {
  question: string;
  items?: string[];
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">{question}</Text>
      {items && items.length > 0 ? (
        <List size="sm">
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      ) : null}
      <ActionButtons onCancel={onCancel} submitLabel={confirmLabel} busy={busy} onSubmit={onConfirm} />
    </Stack>
  );
}

/** A form problem shown above the buttons. */
export function ProblemList({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="action-problems">
      <Stack gap={4}>
        {problems.map((problem) => (
          <Text size="sm" key={problem}>
            {problem}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
