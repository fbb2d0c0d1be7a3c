/** The part of an alert that decides whether it still waits for an acknowledgement. */
export interface AlertLike {
  id: number;
  pending?: boolean;
  acknowledgedAt?: number | null;
}

function isAlertLike(value: unknown): value is AlertLike {
  return typeof value === 'object' && value !== null && Number.isInteger((value as AlertLike).id);
}

function waitsForAck(alert: AlertLike): boolean {
  return typeof alert.pending === 'boolean' ? alert.pending : (alert.acknowledgedAt ?? null) === null;
}

/**
 * The open, unacknowledged alerts the user may see, followed from the alert channel: the open
 * alerts the subscription answers, then newAlert, newAlertState, ackAlert, ackAlerts and
 * deletedAlerts. Only ids are kept; the count is what the header shows.
 */
export class OpenAlertSet {
  private readonly ids = new Set<number>();

  get count(): number {
    return this.ids.size;
  }

  /** Starts again from the open alerts of a (re)subscription. */
  reset(openAlerts: unknown): void {
    this.ids.clear();
    if (Array.isArray(openAlerts)) openAlerts.forEach((alert) => this.track(alert));
  }

  /** A new alert, a changed state or an acknowledgement: counted while it waits for an acknowledgement. */
  track(alert: unknown): void {
    if (!isAlertLike(alert)) return;
    if (waitsForAck(alert)) this.ids.add(alert.id);
    else this.ids.delete(alert.id);
  }

  trackAll(alerts: unknown): void {
    if (Array.isArray(alerts)) alerts.forEach((alert) => this.track(alert));
  }

  /** deletedAlerts carries ids only. */
  delete(ids: unknown): void {
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      if (typeof id === 'number') this.ids.delete(id);
      else if (isAlertLike(id)) this.ids.delete(id.id);
    }
  }
}
