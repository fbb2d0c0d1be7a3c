import type { Alert, PendingAlertState } from '@leitwarte/core';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

/**
 * A change of the alerts as the channel tells it: new or changed alerts, the open alerts after
 * (re)subscribing, deleted ids.
 */
export type AlertChange =
  | { kind: 'upsert'; alerts: readonly Alert[] }
  | { kind: 'refresh'; alerts: readonly Alert[] }
  | { kind: 'delete'; ids: readonly number[] };

type ChangeListener = (change: AlertChange) => void;

/** The name of the alert channel's connection in the connection manager. */
export const ALERT_CHANNEL = 'alert' as const;

const isAlert = (value: unknown): value is Alert =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
const isPendingState = (value: unknown): value is PendingAlertState =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PendingAlertState).kind === 'string' &&
  typeof (value as PendingAlertState).key === 'string' &&
  typeof (value as PendingAlertState).ackState === 'number';
const alertsOf = (value: unknown): Alert[] => (Array.isArray(value) ? value.filter(isAlert) : []);

/**
 * The alert channel with all alerts (hubs README: SubscribeToAllAlerts): new, gone,
 * acknowledged (one or many) and deleted alerts become changes for whoever listens — the alert
 * archive and the header's count share this one connection (calls §4: one per channel).
 * Subscribing again after a reconnect is not enough (changes during the outage were not
 * pushed), so listeners are also told to reload then.
 */
export class AlertHub {
  /** Acknowledgement state per alert binding (`kind/key`), while a screen watches them. */
  readonly pending = new KeyedLiveStore<PendingAlertState>((s) => `${s.kind}/${s.key}`);
  private pendingWatchers = 0;
  private readonly changeListeners = new Set<ChangeListener>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly channel: HubChannel;
  /** Open alerts (active or waiting for acknowledgement) as the channel last told, by id. */
  private readonly open = new Map<number, Alert>();

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection('alert'),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: ALERT_CHANNEL,
      manager,
      createConnection: () => {
        const connection = createConnection();
        const upsert = (value: unknown) => this.emit({ kind: 'upsert', alerts: alertsOf([value]) });
        connection.on('newAlert', upsert);
        connection.on('newAlertState', upsert);
        connection.on('ackAlert', upsert);
        connection.on('ackAlerts', (value: unknown) =>
          this.emit({ kind: 'upsert', alerts: alertsOf(value) }),
        );
        connection.on('newPendingAlerts', (value: unknown) => {
          const states = (Array.isArray(value) ? value : [value]).filter(isPendingState);
          this.pending.enqueue(states);
        });
        connection.on('deletedAlerts', (value: unknown) => {
          const ids = Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
          this.emit({ kind: 'delete', ids });
        });
        return connection;
      },
      onConnected: async (connection, reconnected) => {
        // The states come again after subscribing; the old ones may be gone meanwhile.
        if (this.pendingWatchers > 0) {
          this.pending.clear();
          await connection.invoke('SubscribeToPendingAlerts');
        }
        const reply = await connection.invoke<{ openAlerts?: unknown } | null>('SubscribeToAllAlerts');
        this.emit({ kind: 'refresh', alerts: alertsOf(reply?.openAlerts) });
        if (reconnected) for (const listener of [...this.resyncListeners]) listener();
      },
    });
  }

  /** Keeps the channel up while held; call the returned function when done. */
  acquire(): () => void {
    return this.channel.acquire();
  }

  /**
   * Keeps the pending alert states (newPendingAlerts) live while held: the alert bindings of
   * process images. Call the returned function when done.
   */
  watchPending(): () => void {
    this.pendingWatchers += 1;
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    if (connection && this.pendingWatchers === 1)
      void connection.invoke('SubscribeToPendingAlerts').catch(() => {});
    return () => {
      this.pendingWatchers -= 1;
      const current = this.channel.connected;
      if (current && this.pendingWatchers === 0)
        void current.invoke('UnsubscribeFromPendingAlerts').catch(() => {});
      release();
    };
  }

  /** Every change, as it arrives (the list store throttles them per frame). */
  onChange(listener: ChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => {
      this.changeListeners.delete(listener);
    };
  }

  /** Called after a reconnect, when changes may have been missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  /** The open alerts as the channel last told them: for a listener that joins while it runs. */
  openAlerts(): Alert[] {
    return [...this.open.values()];
  }

  private track(change: AlertChange): void {
    if (change.kind === 'refresh') this.open.clear();
    if (change.kind === 'delete') for (const id of change.ids) this.open.delete(id);
    else
      for (const alert of change.alerts) {
        if (alert.active || alert.pending) this.open.set(alert.id, alert);
        else this.open.delete(alert.id);
      }
  }

  private emit(change: AlertChange): void {
    this.track(change);
    // An empty refresh still says something: no alert is open any more.
    const empty =
      change.kind === 'delete'
        ? change.ids.length === 0
        : change.kind === 'upsert' && change.alerts.length === 0;
    if (empty) return;
    for (const listener of [...this.changeListeners]) listener(change);
  }
}

/** The app's one channel of all alerts; created when the alert screen is first opened. */
export const alertHub = new AlertHub();
