import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOverallLiveStatus, type OverallStatus } from '../../live/connection-status';

const LOOK = {
  connected: { key: 'live.state.connected', color: 'green' },
  connecting: { key: 'live.state.connecting', color: 'yellow' },
  disconnected: { key: 'live.state.disconnected', color: 'red' },
  // No screen needs live data right now: not connected, but nothing is wrong.
  idle: { key: 'live.state.disconnected', color: 'gray' },
} as const satisfies Record<OverallStatus, { key: string; color: string }>;

/** Live connection state in words, for the header. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const status = useOverallLiveStatus();
  const look = LOOK[status];
  return (
    <Badge
      variant="dot"
      color={look.color}
      size="lg"
      role="status"
      aria-live="polite"
      data-live-status={status}
      title={t('live.indicator', { state: t(look.key) })}
    >
      {t(look.key)}
    </Badge>
  );
}
