import type { DialState, Station } from '@leitwarte/core';
import type { StationAlertSummary } from '../../../live/station-alerts';
import type { PriorityLook } from '../../../lib/use-priorities';

export type LocatedStation = Station & { location: NonNullable<Station['location']> };

// The dial-state words of screens §4, as every screen shows them.
export { DIAL_STATE_KEYS } from '../../../ui/pv/dial-state-badge';

/** Marker fill by the station's connection: faults red, unknown grey, a live link green. */
export function markerState(state: DialState): 'ok' | 'busy' | 'fault' | 'unknown' {
  switch (state) {
    case 'Connected':
    case 'NotConnected':
      return 'ok';
    case 'Busy':
    case 'HangingUp':
      return 'busy';
    case 'CommunicationError':
    case 'ConnectionError':
    case 'TimeOut':
      return 'fault';
    default:
      return 'unknown';
  }
}

/**
 * A marker's alarm ring: the colour the system config gives the most urgent priority among the
 * station's open alerts; null without open alerts.
 */
export function markerAlarm(
  alerts: StationAlertSummary,
  priorities: ReadonlyMap<number, PriorityLook>,
): { priority: number; color: string; name: string } | null {
  if (alerts.topPriority === null) return null;
  const look = priorities.get(alerts.topPriority);
  return {
    priority: alerts.topPriority,
    color: look?.color ?? 'var(--mantine-color-red-7)',
    name: look?.name ?? String(alerts.topPriority),
  };
}
