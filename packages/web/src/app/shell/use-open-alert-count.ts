import { useEffect, useSyncExternalStore } from 'react';
import { ALERT_CHANNEL, alertHub, type AlertHub } from '../../live/alert-hub';
import type { ConnectionManager } from '../../live/connection-manager';
import { liveConnections } from '../../live/live-connections';
import { OpenAlertSet } from './open-alert-count';

/** The header redraws the count at most this often, however fast alerts come and go. */
export const COUNT_THROTTLE_MS = 500;

/** The count of open unacknowledged alerts; null while the alert channel is not connected. */
export class OpenAlertCount {
  private readonly alerts = new OpenAlertSet();
  private shown: number | null = null;
  private lastNotify = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private connected = false;
  private readonly listeners = new Set<() => void>();

  // The alert channel is shared with the alert archive: one connection per channel (calls §4).
  constructor(
    private readonly hub: AlertHub = alertHub,
    manager: ConnectionManager = liveConnections,
  ) {
    hub.onChange((change) => {
      if (change.kind === 'refresh') {
        this.connected = true;
        this.change(() => this.alerts.reset(change.alerts));
      } else if (change.kind === 'upsert') {
        this.change(() => this.alerts.trackAll(change.alerts));
      } else {
        this.change(() => this.alerts.delete(change.ids));
      }
    });
    manager.listen({
      faulted: (name) => name === ALERT_CHANNEL && this.disconnected(),
      idle: (name) => name === ALERT_CHANNEL && this.disconnected(),
    });
  }

  acquire(): () => void {
    return this.hub.acquire();
  }

  getCount = (): number | null => this.shown;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private disconnected(): void {
    this.connected = false;
    this.change(() => {});
  }

  /** Applies a change; the count shown follows at once, then at most every COUNT_THROTTLE_MS. */
  private change(apply: () => void): void {
    apply();
    if (this.timer !== null) return;
    const wait = this.lastNotify + COUNT_THROTTLE_MS - Date.now();
    if (wait <= 0) this.publish();
    else this.timer = setTimeout(() => this.publish(), wait);
  }

  private publish(): void {
    this.timer = null;
    this.lastNotify = Date.now();
    const next = this.connected ? this.alerts.count : null;
    if (next === this.shown) return;
    this.shown = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The app's count of open unacknowledged alerts. */
export const openAlertCount = new OpenAlertCount();

/** Holds the alert channel while mounted and returns the count (null: not connected). */
export function useOpenAlertCount(source: OpenAlertCount = openAlertCount): number | null {
  useEffect(() => source.acquire(), [source]);
  return useSyncExternalStore(source.subscribe, source.getCount, source.getCount);
}
