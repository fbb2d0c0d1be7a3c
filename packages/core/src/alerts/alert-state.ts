/** Alert states of screens §4 as the alert list labels them. */
export const ALERT_STATES = ['coming', 'going', 'acknowledged'] as const;
/** One of the alert states. */
export type AlertState = (typeof ALERT_STATES)[number];

/**
 * What decides an alert's state: whether its condition is still present (`active`) and
 * whether a user or the station acknowledged it. The state is derived, never stored apart:
 *
 * | active | acknowledged | state          | pending | open |
 * | ------ | ------------ | -------------- | ------- | ---- |
 * | yes    | no           | `coming`       | yes     | yes  |
 * | no     | no           | `going`        | yes     | yes  |
 * | yes    | yes          | `acknowledged` | no      | yes  |
 * | no     | yes          | `acknowledged` | no      | no   |
 *
 * *Pending* means coming or going and not acknowledged: the operator still has to look at
 * it. *Open* alerts are those the alert engine still follows; an alert is closed (archive
 * only) once it has gone and is acknowledged. A condition that returns after its alert went
 * raises a new alert; a closed alert never comes back.
 */
export interface AlertLifecycle {
  active: boolean;
  acknowledged: boolean;
}

/** Events that move an alert (screens §4): the condition clears, or it is acknowledged. */
export type AlertEvent = 'clear' | 'acknowledge';

/** State of an alert (table above). */
export function alertState(alert: AlertLifecycle): AlertState {
  if (alert.acknowledged) return 'acknowledged';
  return alert.active ? 'coming' : 'going';
}

/** Pending: coming or going and not acknowledged. */
export function isAlertPending(alert: AlertLifecycle): boolean {
  return !alert.acknowledged;
}

/** Open: still active, or not yet acknowledged. */
export function isAlertOpen(alert: AlertLifecycle): boolean {
  return alert.active || !alert.acknowledged;
}

/** A newly raised alert: coming. */
export function raisedAlert(): AlertLifecycle {
  return { active: true, acknowledged: false };
}

/**
 * The alert after an event; null when the event does not apply (clearing an alert that went
 * already, acknowledging one that is acknowledged), so callers neither store nor announce it.
 */
export function applyAlertEvent(alert: AlertLifecycle, event: AlertEvent): AlertLifecycle | null {
  if (event === 'clear') return alert.active ? { ...alert, active: false } : null;
  return alert.acknowledged ? null : { ...alert, acknowledged: true };
}
