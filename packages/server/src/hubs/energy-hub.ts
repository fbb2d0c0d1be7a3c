import type { EnergyOptValues } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import { expectArgumentCount, type HubClient, type HubDefinition } from './hub.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';
import type { Visibility } from './visibility.js';

export interface EnergyHubOptions {
  backplane: Backplane;
  visibility: Visibility;
  /** Current values of every energy optimisation (the energy service). */
  values: () => readonly EnergyOptValues[];
  tickMs: number;
}

/** Reply of SubscribeToEnergyOptimisation: the optimisations the user may see (by station). */
export interface EnergySubscribeReply {
  subscribed: number[];
  unauthorizedIds: number[];
}

const EVENT = 'newEnergyOptValues';
const ALL = 'all';
type Client = HubClient<TopicQueues>;

/**
 * The `/hubs/energy-opt` channel: SubscribeToEnergyOptimisation() → `{ subscribed,
 * unauthorizedIds }`, then newEnergyOptValues(values[]) with the current values at once and
 * new ones after the plant's powers change, conflated per optimisation and tick; only those of
 * stations the user may see.
 */
export function createEnergyHub(options: EnergyHubOptions): HubDefinition<TopicQueues> {
  const { backplane, visibility } = options;
  const fanout = createTopicFanout<TopicQueues>({
    queues: (s) => s,
    events: [EVENT],
    tickMs: options.tickMs,
  });
  const visible = (client: Client, values: EnergyOptValues) =>
    visibility.station(client.principal, values.station);

  function subscribe(client: Client, args: readonly unknown[]): EnergySubscribeReply {
    expectArgumentCount(args, 0);
    const reply: EnergySubscribeReply = { subscribed: [], unauthorizedIds: [] };
    fanout.subscribe(client, EVENT, ALL);
    for (const values of options.values()) {
      if (!visible(client, values)) {
        reply.unauthorizedIds.push(values.id);
        continue;
      }
      reply.subscribed.push(values.id);
      fanout.offer(client, EVENT, ALL, String(values.id), values);
    }
    return reply;
  }

  return {
    name: 'energy-opt',
    methods: {
      SubscribeToEnergyOptimisation: subscribe,
      UnsubscribeFromEnergyOptimisation(client: Client, args) {
        expectArgumentCount(args, 0);
        fanout.unsubscribe(client, EVENT, ALL);
      },
    },
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ subscribed: state.subscribedCount, pending: state.pendingCount }),
    start(host) {
      const stops = [
        fanout.start(host),
        backplane.subscribe('energy.values', (list) => {
          for (const values of list) {
            fanout.publish(EVENT, ALL, String(values.id), values, (client) => visible(client, values));
          }
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
