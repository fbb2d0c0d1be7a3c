import { useEffect, useSyncExternalStore } from 'react';
import type { ConnectionManager, HubConnectionLike } from '../../live/connection-manager';
import { liveConnections } from '../../live/live-connections';
import { OpenAlertSet } from './open-alert-count';

/** The header redraws the count at most this often, however fast alerts come and go. */
export const COUNT_THROTTLE_MS = 500;

// Its own connection to the alert channel: the header needs only the count, and the alert screen
// subscribes to the same channel for the full list on its own terms.
const NAME = 'alert-count';

/** The count of open unacknowledged alerts; null while the channel is not connected. */
export class OpenAlertCount {
  private readonly alerts = new OpenAlertSet();
  private shown: number | null = null;
  private lastNotify = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private connected = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly manager: ConnectionManager = liveConnections,
    createConnection: () => Promise<HubConnectionLike> = () =>
      import('../../live/hub-connection').then((m) => m.createHubConnection('alert')),
  ) {
    manager.register(NAME, async () => {
      const connection = await createConnection();
      connection.on('newAlert', (alert: unknown) => this.change(() => this.alerts.track(alert)));
      connection.on('newAlertState', (alert: unknown) => this.change(() => this.alerts.track(alert)));
      connection.on('ackAlert', (alert: unknown) => this.change(() => this.alerts.track(alert)));
      connection.on('ackAlerts', (alerts: unknown) => this.change(() => this.alerts.trackAll(alerts)));
      connection.on('deletedAlerts', (ids: unknown) => this.change(() => this.alerts.delete(ids)));
      return connection;
    });
    manager.listen({
      connected: (name, connection) => {
        if (name !== NAME) return;
        void connection.invoke<{ openAlerts?: unknown }>('SubscribeToAllAlerts').then(
          (answer) => {
            this.connected = true;
            this.change(() => this.alerts.reset(answer?.openAlerts));
          },
          () => this.disconnected(),
        );
      },
      faulted: (name) => name === NAME && this.disconnected(),
      idle: (name) => name === NAME && this.disconnected(),
    });
  }

  acquire(): () => void {
    this.manager.acquire(NAME).catch(() => {});
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.manager.release(NAME);
    };
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
