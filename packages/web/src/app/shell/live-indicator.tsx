import { Badge, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNextRetryAt, useOverallLiveStatus, type OverallStatus } from '../../live/connection-status';
import { liveConnections } from '../../live/live-connections';
import { useCountdown } from '../../live/use-countdown';
import { useOnline } from '../../live/use-online';
import { ServerStatusIndicator } from './server-status-indicator';

const LOOK = {
  connected: { key: 'live.state.connected', color: 'green' },
  // Setting up a connection on a page load is no fault: neutral until an attempt has failed.
  connecting: { key: 'live.state.connecting', color: 'gray' },
  reconnecting: { key: 'live.state.connecting', color: 'yellow' },
  disconnected: { key: 'live.state.disconnected', color: 'red' },
  // No screen needs live data right now: not connected, but nothing is wrong.
  idle: { key: 'live.state.disconnected', color: 'gray' },
} as const satisfies Record<OverallStatus, { key: string; color: string }>;

/** Live connection state in words for the header: with the countdown to the next try, or offline. */
export function LiveIndicator() {
  const { t } = useTranslation();
  const status = useOverallLiveStatus();
  const online = useOnline();
  const retryAt = useNextRetryAt();
  const seconds = useCountdown(status === 'disconnected' ? retryAt : null);
  const look = LOOK[status];
  // A phone's header has room for the state in a smaller pill, not for a cut one.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  let text: string = t(look.key);
  let shown: string = status;
  if (!online) {
    text = t('live.state.offline');
    shown = 'offline';
  } else if (status === 'disconnected' && seconds !== null) {
    text = t('live.state.reconnecting', { seconds });
    shown = 'reconnecting';
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <ServerStatusIndicator />
      <Badge
        variant="dot"
        color={online ? look.color : 'gray'}
        size={phone ? 'md' : 'lg'}
        style={{ flexShrink: 0 }}
        role="status"
        aria-live="polite"
        data-live-status={shown}
        title={t('live.indicator', { state: text })}
      >
        {text}
      </Badge>
      {shown === 'reconnecting' && (
        <Button size="compact-xs" variant="subtle" onClick={() => void liveConnections.reconnectFaulted()}>
          {t('live.reconnectNow')}
        </Button>
      )}
    </Group>
  );
}
