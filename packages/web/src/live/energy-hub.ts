import type { EnergyOptValues } from '@leitwarte/core';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';

const isEnergyValues = (v: unknown): v is EnergyOptValues =>
  typeof v === 'object' && v !== null && typeof (v as EnergyOptValues).id === 'number';

/**
 * The energy-optimisation channel (hubs README: SubscribeToEnergyOptimisation, then
 * newEnergyOptValues): the values of every optimisation the user may see, applied once per frame.
 */
export class EnergyHub {
  readonly values = new KeyedLiveStore<EnergyOptValues>((v) => String(v.id));
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection('energy-opt'),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: 'energy-opt',
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('newEnergyOptValues', (value: unknown) =>
          this.values.enqueue(Array.isArray(value) ? value.filter(isEnergyValues) : []),
        );
        return connection;
      },
      onConnected: async (connection) => {
        await connection.invoke('SubscribeToEnergyOptimisation');
      },
    });
  }

  acquire(): () => void {
    return this.channel.acquire();
  }
}

/** The app's energy-optimisation channel. */
export const energyHub = new EnergyHub();
