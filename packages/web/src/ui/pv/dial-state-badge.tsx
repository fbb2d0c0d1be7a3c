import { Badge } from '@mantine/core';
import type { DialState } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';
import type { LocalDialState } from '../../live/station-state-store';

/** German words of screens §4; both error states read "Verbindungsfehler". */
export const DIAL_STATE_KEYS = {
  Busy: 'station.dialState.busy',
  CommunicationError: 'station.dialState.connectionError',
  ConnectionError: 'station.dialState.connectionError',
  Connected: 'station.dialState.connected',
  HangingUp: 'station.dialState.hangingUp',
  NotConnected: 'station.dialState.notConnected',
  NotDefined: 'station.dialState.notDefined',
  TimeOut: 'station.dialState.timeOut',
  Connecting: 'station.dialState.connecting',
  Disconnecting: 'station.dialState.disconnecting',
} as const satisfies Record<DialState | LocalDialState, string>;

const DIAL_STATE_COLORS: Record<DialState | LocalDialState, string> = {
  Busy: 'blue',
  CommunicationError: 'red',
  ConnectionError: 'red',
  Connected: 'green',
  HangingUp: 'yellow',
  NotConnected: 'gray',
  NotDefined: 'gray',
  TimeOut: 'orange',
  Connecting: 'cyan',
  Disconnecting: 'yellow',
};

/** The dial state in words; a Connect or Disconnect started here shows until the server answers. */
export function DialStateBadge({
  state,
  local = null,
  size = 'md',
}: {
  state: DialState;
  local?: LocalDialState | null;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const shown = local ?? state;
  return (
    <Badge
      size={size}
      tt={size === 'sm' ? 'none' : undefined}
      variant="light"
      color={DIAL_STATE_COLORS[shown]}
      data-dial-state={shown}
    >
      {t(DIAL_STATE_KEYS[shown])}
    </Badge>
  );
}
