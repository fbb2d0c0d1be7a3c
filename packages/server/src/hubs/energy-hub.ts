import type { EnergyOptValues } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import { expectArgumentCount, type HubDefinition } from './hub.js';
import type { TopicQueues } from './topic-fanout.js';
import { createTopicHub, type TopicClient } from './topic-hub.js';
import type { Visibility } from '../auth/visibility.js';

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

/**
 * The `/hubs/energy-opt` channel: SubscribeToEnergyOptimisation() → `{ subscribed,
 * unauthorizedIds }`, then newEnergyOptValues(values[]) with the current values at once and
 * new ones after the plant's powers change, conflated per optimisation and tick; only those of
 * stations the user may see.
 */
export function createEnergyHub(options: EnergyHubOptions): HubDefinition<TopicQueues> {
  const { visibility } = options;
  const visible = (client: TopicClient, values: EnergyOptValues) =>
    visibility.station(client.principal, values.station);
  return createTopicHub({
    name: 'energy-opt',
    event: EVENT,
    tickMs: options.tickMs,
    methods: (fanout) => ({
      SubscribeToEnergyOptimisation(client: TopicClient, args): EnergySubscribeReply {
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
      },
      UnsubscribeFromEnergyOptimisation(client: TopicClient, args) {
        expectArgumentCount(args, 0);
        fanout.unsubscribe(client, EVENT, ALL);
      },
    }),
    listen: (fanout) =>
      options.backplane.subscribe('energy.values', (list) => {
        for (const values of list) {
          fanout.publish(EVENT, ALL, String(values.id), values, (client) => visible(client, values));
        }
      }),
  });
}
