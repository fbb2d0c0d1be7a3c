import type { PipeLeakageConfig } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import type { HubDefinition } from './hub.js';
import { parseIds, type IdSubscribeReply } from './id-arguments.js';
import type { TopicQueues } from './topic-fanout.js';
import { createTopicHub, type TopicClient } from './topic-hub.js';
import type { Visibility } from '../auth/visibility.js';

export interface PipeLeakageHubOptions {
  backplane: Backplane;
  visibility: Visibility;
  /** Current measurements (the pipe-leakage service). */
  configs: () => readonly PipeLeakageConfig[];
  tickMs: number;
}

const EVENT = 'newPipeLeakage';

/**
 * The `/hubs/pipeleakage` channel: SubscribeToPipeLeakage(pipeLeakageIds) (≤ 1024) →
 * `{ subscribed, missingIds, unauthorizedIds }`, then newPipeLeakage(configs) with the current
 * measurements at once and the changed ones later, conflated per measurement and tick;
 * SubscribeToAllPipeLeakage() takes every zone. A zone is shown on the station of its flow PV,
 * but whoever may read the plant's PVs sees it.
 */
export function createPipeLeakageHub(options: PipeLeakageHubOptions): HubDefinition<TopicQueues> {
  const { visibility } = options;
  return createTopicHub({
    name: 'pipeleakage',
    event: EVENT,
    tickMs: options.tickMs,
    methods: (fanout) => ({
      SubscribeToPipeLeakage(client: TopicClient, args): IdSubscribeReply {
        const reply: IdSubscribeReply = { subscribed: [], missingIds: [], unauthorizedIds: [] };
        const current = new Map(options.configs().map((c) => [c.pipeLeakageId, c]));
        for (const id of parseIds(args, 'pipe-leakage')) {
          const config = current.get(id);
          if (config === undefined) reply.missingIds.push(id);
          else if (!visibility.plant(client.principal)) reply.unauthorizedIds.push(id);
          else {
            reply.subscribed.push(id);
            fanout.subscribe(client, EVENT, String(id));
            fanout.offer(client, EVENT, String(id), String(id), config);
          }
        }
        return reply;
      },
      // The station page knows stations, not zone ids: it takes every zone and picks its own.
      SubscribeToAllPipeLeakage(client: TopicClient): IdSubscribeReply {
        const reply: IdSubscribeReply = { subscribed: [], missingIds: [], unauthorizedIds: [] };
        for (const config of options.configs()) {
          const id = config.pipeLeakageId;
          if (!visibility.plant(client.principal)) {
            reply.unauthorizedIds.push(id);
            continue;
          }
          reply.subscribed.push(id);
          fanout.subscribe(client, EVENT, String(id));
          fanout.offer(client, EVENT, String(id), String(id), config);
        }
        return reply;
      },
      UnsubscribeFromPipeLeakage(client: TopicClient, args) {
        for (const id of parseIds(args, 'pipe-leakage')) fanout.unsubscribe(client, EVENT, String(id));
      },
    }),
    listen: (fanout) =>
      options.backplane.subscribe('pipeLeakage.configs', (configs) => {
        for (const c of configs) {
          const key = String(c.pipeLeakageId);
          fanout.publish(EVENT, key, key, c);
        }
      }),
  });
}
