import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnotationFailure } from './use-annotations';

/** Why a write failed, in a dialog the user closes with OK (screens §4 action flows). */
export function FailureDialog({
  failure,
  onClose,
}: {
  failure: AnnotationFailure | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={failure !== null} onClose={onClose} title={failure?.title} centered zIndex={400}>
      <Stack gap="md">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {failure?.message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('dialogs.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A question before something that cannot be undone; the action runs only on confirm. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered zIndex={400}>
      <Stack gap="md">
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('charts.annotations.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onClose();
              request?.onConfirm();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
