import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminErrorText } from './admin-error';

/** A dialog with a form: saves through `onSubmit`, shows a refusal in the user's language. */
export function FormDialog({
  title,
  children,
  onSubmit,
  onClose,
  size,
}: {
  title: string;
  children: ReactNode;
  onSubmit: () => Promise<unknown>;
  onClose: () => void;
  size?: string;
}) {
  const { t } = useTranslation();
  const errorText = useAdminErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <form onSubmit={(event) => void submit(event)}>
        <Stack>
          {children}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
