import type { PipeLeakageConfig } from '@leitwarte/core';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

const isPipeLeakage = (v: unknown): v is PipeLeakageConfig =>
  typeof v === 'object' && v !== null && typeof (v as PipeLeakageConfig).pipeLeakageId === 'number';

/**
 * The pipe-leakage channel (hubs README: SubscribeToAllPipeLeakage, then newPipeLeakage): every
 * monitored zone the user may see, applied once per frame; pages pick their station's zones.
 */
export class PipeLeakageHub {
  readonly values = new KeyedLiveStore<PipeLeakageConfig>((v) => String(v.pipeLeakageId));
  private readonly channel: HubChannel;

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
          this.values.enqueue(Array.isArray(value) ? value.filter(isPipeLeakage) : []),
        );
        return connection;
      },
      onConnected: async (connection) => {
        await connection.invoke('SubscribeToAllPipeLeakage');
      },
    });
  }

  acquire(): () => void {
    return this.channel.acquire();
  }
}

/** The app's pipe-leakage channel. */
export const pipeLeakageHub = new PipeLeakageHub();
