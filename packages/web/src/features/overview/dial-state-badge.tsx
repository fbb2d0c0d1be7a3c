import { Badge } from '@mantine/core';
import type { DialState } from '@leitwarte/core';
import { useTranslation } from 'react-i18next';

/** German words of screens §4; both error states read "Verbindungsfehler". */
const DIAL_STATE_KEYS = {
  Busy: 'station.dialState.busy',
  CommunicationError: 'station.dialState.connectionError',
  ConnectionError: 'station.dialState.connectionError',
  Connected: 'station.dialState.connected',
  HangingUp: 'station.dialState.hangingUp',
  NotConnected: 'station.dialState.notConnected',
  NotDefined: 'station.dialState.notDefined',
  TimeOut: 'station.dialState.timeOut',
} as const satisfies Record<DialState, string>;

const DIAL_STATE_COLORS: Record<DialState, string> = {
  Busy: 'blue',
  CommunicationError: 'red',
  ConnectionError: 'red',
  Connected: 'green',
  HangingUp: 'yellow',
  NotConnected: 'gray',
  NotDefined: 'gray',
  TimeOut: 'orange',
};

export function DialStateBadge({ state }: { state: DialState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={DIAL_STATE_COLORS[state]} data-dial-state={state}>
      {t(DIAL_STATE_KEYS[state])}
    </Badge>
  );
}
