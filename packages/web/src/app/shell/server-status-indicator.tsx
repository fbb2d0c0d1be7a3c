import type { ClientServerStatus } from '@leitwarte/core';
import { Badge, CloseButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  serverStatus,
  useServerInfoMessage,
  useServerStatus,
  useServerStatusLease,
} from '../../live/server-status';

const KNOWN = {
  Connected: 'live.serverStatus.Connected',
  Connecting: 'live.serverStatus.Connecting',
  ServerDisconnected: 'live.serverStatus.ServerDisconnected',
  SourceDisconnected: 'live.serverStatus.SourceDisconnected',
  WebServerDisconnected: 'live.serverStatus.WebServerDisconnected',
  Unauthorized: 'live.serverStatus.Unauthorized',
} as const;

function isKnown(status: ClientServerStatus): status is keyof typeof KNOWN {
  return Object.hasOwn(KNOWN, status);
}

/**
 * The server status of calls §4 in words (only when it is not simply "connected"), and the last
 * message an administrator broadcast. Holds the server-status connection while shown.
 */
export function ServerStatusIndicator() {
  const { t } = useTranslation();
  useServerStatusLease();
  const status = useServerStatus();
  const info = useServerInfoMessage();
  const state = isKnown(status) ? t(KNOWN[status]) : t('live.serverStatus.other', { status });
  return (
    <Group gap="xs" wrap="nowrap" data-server-status={status}>
      {info && (
        <Group gap={4} wrap="nowrap" role="alert">
          <Text size="sm" c="blue.8" lineClamp={1} maw={360}>
            {t('live.serverInfo', { from: info.from, message: info.message })}
          </Text>
          <CloseButton size="sm" onClick={() => serverStatus.dismissInfo()} aria-label={t('live.dismiss')} />
        </Group>
      )}
      {status !== 'Connected' && (
        <Badge
          variant="light"
          color={status === 'Connecting' ? 'yellow' : status === 'SourceDisconnected' ? 'orange' : 'red'}
          size="lg"
        >
          {t('live.serverStatus.label', { state })}
        </Badge>
      )}
    </Group>
  );
}
