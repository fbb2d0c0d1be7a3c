import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog the user has to confirm with OK (screens §8 dialogs), or a question with cancel. */
export interface DialogContent {
  title: string;
  message: string;
  /** A question: shows cancel and runs this on confirm; without it the dialog only informs. */
  onConfirm?: () => void;
  confirmLabel?: string;
}

/** The dialog of the alert actions (memoised: live changes of the list do not render it again). */
export const MessageDialog = memo(function MessageDialog({
  dialog,
  onClose,
}: {
  dialog: DialogContent | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={dialog?.title} centered>
      <Stack gap="md">
        <Text size="sm">{dialog?.message}</Text>
        <Group justify="flex-end" gap="xs">
          {dialog?.onConfirm ? (
            <>
              <Button variant="default" onClick={onClose}>
                {t('alerts.ack.cancel')}
              </Button>
              <Button
                onClick={() => {
                  onClose();
                  dialog.onConfirm?.();
                }}
              >
                {dialog.confirmLabel}
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>{t('alerts.ack.ok')}</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
});
