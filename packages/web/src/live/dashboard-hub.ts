import { SUBSCRIBE_BATCH, type DashboardChange } from '@leitwarte/core';
import { recordBatches } from './record-batches';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

/** A note as the dashboard channel sends it (noteUpdate); the state sent on subscribing has no author. */
export interface LiveNote {
  id: number;
  dashboardId: number;
  note: string;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** The name of the dashboard channel's connection in the connection manager. */
export const DASHBOARD_CHANNEL = 'dashboard' as const;

const isChange = (v: unknown): v is DashboardChange =>
  typeof v === 'object' && v !== null && typeof (v as DashboardChange).id === 'number';

const isLiveNote = (v: unknown): v is LiveNote =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LiveNote).id === 'number' &&
  typeof (v as LiveNote).note === 'string';

async function subscribeInBatches(connection: HubConnectionLike, ids: readonly number[]) {
  for (const batch of recordBatches(ids, SUBSCRIBE_BATCH)) {
    await connection.invoke('SubscribeToNotes', batch);
  }
}

/**
 * The notes of the dashboard channel (SubscribeToNotes → noteUpdate, calls §7): a dashboard on
 * screen watches its id; the channel sends its current notes at once and every saved note later,
 * also after a reconnect. Notes are kept outside React and applied once per frame.
 */
export class DashboardHub {
  readonly notes = new KeyedLiveStore<LiveNote>((n) => String(n.id));
  private readonly watched = new Map<number, number>();
  private readonly changeListeners = new Set<(change: DashboardChange) => void>();
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection(DASHBOARD_CHANNEL),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: DASHBOARD_CHANNEL,
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('noteUpdate', (value: unknown) => {
          const list = Array.isArray(value) ? value : [value];
          this.notes.enqueue(list.filter(isLiveNote));
        });
        connection.on('dashboardChange', (value: unknown) => {
          for (const change of (Array.isArray(value) ? value : [value]).filter(isChange)) {
            for (const listener of this.changeListeners) listener(change);
          }
        });
        return connection;
      },
      onConnected: async (connection) => {
        // Every open dashboard page follows the list: made, saved and deleted dashboards.
        await connection.invoke('SubscribeToDashboards', []);
        await subscribeInBatches(connection, [...this.watched.keys()]);
      },
    });
  }

  /**
   * Calls the listener for each dashboard made, saved or deleted by anyone while held (the channel
   * connects for it); call the returned function when done.
   */
  onChange(listener: (change: DashboardChange) => void): () => void {
    this.changeListeners.add(listener);
    const release = this.channel.acquire();
    return () => {
      this.changeListeners.delete(listener);
      release();
    };
  }

  /** Keeps the notes of this dashboard live while held; call the returned function when done. */
  watch(dashboardId: number): () => void {
    const count = this.watched.get(dashboardId) ?? 0;
    this.watched.set(dashboardId, count + 1);
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    if (count === 0 && connection) void subscribeInBatches(connection, [dashboardId]).catch(() => {});
    return () => {
      const left = (this.watched.get(dashboardId) ?? 1) - 1;
      if (left <= 0) {
        this.watched.delete(dashboardId);
        this.channel.connected?.invoke('UnsubscribeFromNotes', [dashboardId]).catch(() => {});
      } else this.watched.set(dashboardId, left);
      release();
    };
  }
}

/** The app's dashboard channel; connects when a dashboard is first shown. */
export const dashboardHub = new DashboardHub();
