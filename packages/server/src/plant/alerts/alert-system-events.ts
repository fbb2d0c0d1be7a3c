import type { NewSystemEvent } from '../../store/alerts/index.js';

/** The fields of an alert the system event archive records. */
interface AlertFacts {
  id: number;
  station: number | null;
  priority: number;
  message: string;
  description: string;
}

/**
 * An alert came: a system event (spec: the system event archive holds alarms coming and
 * going), its object the alert's description (station: PV), its text the message.
 */
export function alertComingEvent(alert: AlertFacts, at: number): NewSystemEvent {
  return {
    at,
    kind: 'alertComing',
    station: alert.station,
    object: alert.description,
    text: alert.message,
    detail: { alertId: alert.id, priority: alert.priority },
  };
}

/** An alert went: its condition cleared. */
export function alertGoingEvent(alert: AlertFacts, at: number): NewSystemEvent {
  return { ...alertComingEvent(alert, at), kind: 'alertGoing' };
}
