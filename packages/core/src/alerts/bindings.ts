/**
 * Alert binding kinds of screens §4: what an element of a process image or list can show the
 * alert state of. `device` is one alert source (a PV; its analog limits count together),
 * `stationConnection` a station's dial connection, `stationLineConnection` an alarm line,
 * `pipeLeakage` a pipe-leakage monitor and `alertLink` a configured alert link.
 */
export const ALERT_BINDING_KINDS = [
  'device',
  'stationConnection',
  'stationLineConnection',
  'pipeLeakage',
  'alertLink',
] as const;
/** One of the alert binding kinds. */
export type AlertBindingKind = (typeof ALERT_BINDING_KINDS)[number];

/**
 * Acknowledgement state of a binding, numbered like the failure states of the field:
 * 0 = no open alert, 1 = at least one alert not acknowledged, 2 = open alerts, all acknowledged.
 */
export type AckState = 0 | 1 | 2;

/** Screens §4: acknowledgement state 2 maps to true on binding keys. */
export function isAcknowledgedState(state: number): boolean {
  return state === 2;
}

/** The pending alert state of one binding (newPendingAlerts). */
export interface PendingAlertState {
  kind: AlertBindingKind;
  /** PV key `Type-nr` for devices, the station number for station connections, ... */
  key: string;
  ackState: AckState;
}

/** Ack state of a binding from its open alerts (acknowledged flags). */
export function bindingAckState(openAlerts: Iterable<{ acknowledged: boolean }>): AckState {
  let any = false;
  for (const alert of openAlerts) {
    if (!alert.acknowledged) return 1;
    any = true;
  }
  return any ? 2 : 0;
}
