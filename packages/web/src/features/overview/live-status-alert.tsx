import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LIVE_ERROR_KEYS, useChannelState } from '../../live/connection-status';

/** Says when the PV channel is down (calls §8 texts); values on screen may then be stale. */
export function LiveStatusAlert() {
  const { t } = useTranslation();
  const { status, error } = useChannelState('pv');
  if (status !== 'disconnected' || !error) return null;
  return (
    <Alert color="orange" variant="light" role="alert" data-testid="live-error">
      <Text size="sm" fw={600}>
        {t(LIVE_ERROR_KEYS[error], { name: t('live.channels.pv') })}
      </Text>
      <Text size="sm">{t('live.errors.retrying')}</Text>
    </Alert>
  );
}
