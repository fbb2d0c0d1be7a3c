import type { ClientServerStatus } from '@leitwarte/core';
import { Badge, CloseButton, ColorSwatch, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  serverStatus,
  useServerInfoMessage,
  useServerStatus,
  useServerStatusLease,
  useServerStatusPhase,
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

/** Colour of a settled status: the data source connecting is a warning, anything else not connected a fault. */
const settledColor = (status: ClientServerStatus) =>
  status === 'Connecting' ? 'yellow' : status === 'SourceDisconnected' ? 'orange' : 'red';

/**
 * The server status of calls §4 in words (only when it is not simply "connected"), and the last
 * message an administrator broadcast. Holds the server-status connection while shown. While the
 * connection is being set up (the initial WebServerDisconnected, ServerDisconnected until the
 * first report) it says so in neutral grey: an alarm only once an attempt has failed.
 */
export function ServerStatusIndicator() {
  const { t } = useTranslation();
  useServerStatusLease();
  const status = useServerStatus();
  const phase = useServerStatusPhase();
  const info = useServerInfoMessage();
  const pending = phase === 'pending';
  const known = isKnown(status) ? t(KNOWN[status]) : t('live.serverStatus.other', { status });
  const state = pending ? t(KNOWN.Connecting) : known;
  const full = t('live.serverStatus.label', { state });
  // A phone's header has no room for the words (the live badge next to it already says that
  // something is down): a dot in the status's colour, the words for screen readers and on
  // hover. A wide header may still cut a long language's text, so the title is there too.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Group gap="xs" wrap="nowrap" data-server-status={status} data-server-status-phase={phase}>
      {info && (
        <Group gap={4} wrap="nowrap" role="alert">
          <Text size="sm" c="blue.8" lineClamp={1} maw={360}>
            {t('live.serverInfo', { from: info.from, message: info.message })}
          </Text>
          <CloseButton size="sm" onClick={() => serverStatus.dismissInfo()} aria-label={t('live.dismiss')} />
        </Group>
      )}
      {status !== 'Connected' &&
        (phone ? (
          <ColorSwatch
            color={`var(--mantine-color-${pending ? 'gray' : settledColor(status)}-6)`}
            size={14}
            withShadow={false}
            style={{ flexShrink: 0 }}
            role="img"
            title={full}
            aria-label={full}
          />
        ) : (
          <Badge
            variant="light"
            color={pending ? 'gray' : settledColor(status)}
            size="lg"
            title={full}
            aria-label={full}
          >
            {full}
          </Badge>
        ))}
    </Group>
  );
}
