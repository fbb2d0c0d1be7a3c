import type { SourceStatusView } from '@leitwarte/core';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { restartSource } from '../../api/admin-sources';
import { useSourceErrorText } from './source-error';

/** Asks before a restart: while the connection is renewed, the source's PVs are Bad. */
export function RestartDialog({
  source,
  onClose,
  onDone,
}: {
  source: SourceStatusView;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useSourceErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restart = async () => {
    setBusy(true);
    setError(null);
    try {
      await restartSource(source.id);
      onDone();
      onClose();
    } catch (cause) {
      setError(errorText(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('admin.sources.restartTitle')}>
      <Stack>
        <Text>{t('admin.sources.restartText', { name: source.name })}</Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void restart()}>
            {t('admin.sources.restart')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
