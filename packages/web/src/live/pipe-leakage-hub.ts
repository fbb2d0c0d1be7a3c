import type { PipeLeakageConfig } from '@leitwarte/core';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

const isConfig = (v: unknown): v is PipeLeakageConfig =>
  typeof v === 'object' && v !== null && typeof (v as PipeLeakageConfig).pipeLeakageId === 'number';

/**
 * The pipe-leakage channel (SubscribeToPipeLeakage(ids), then newPipeLeakage with each changed
 * measurement): the measurements screens watch, applied once per frame.
 */
export class PipeLeakageHub {
  readonly values = new KeyedLiveStore<PipeLeakageConfig>((v) => String(v.pipeLeakageId));
  private readonly channel: HubChannel;
  private readonly watched = new Map<number, number>();

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection('pipeleakage'),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: 'pipeleakage',
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('newPipeLeakage', (value: unknown) =>
          this.values.enqueue((Array.isArray(value) ? value : [value]).filter(isConfig)),
        );
        return connection;
      },
      onConnected: async (connection) => {
        if (this.watched.size > 0)
          await connection.invoke('SubscribeToPipeLeakage', [...this.watched.keys()]);
      },
    });
  }

  /** Follows these measurements while the returned function is not called. */
  watch(ids: readonly number[]): () => void {
    for (const id of ids) this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    const release = this.channel.acquire();
    // Already connected: subscribe these now (a later reconnect subscribes everything watched).
    void this.channel.connected?.invoke('SubscribeToPipeLeakage', [...ids]).catch(() => {});
    return () => {
      for (const id of ids) {
        const left = (this.watched.get(id) ?? 1) - 1;
        if (left > 0) this.watched.set(id, left);
        else this.watched.delete(id);
      }
      release();
    };
  }
}

/** The app's pipe-leakage channel. */
export const pipeLeakageHub = new PipeLeakageHub();
