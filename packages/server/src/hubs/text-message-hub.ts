import type { TextMessage } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import type { HubDefinition } from './hub.js';
import { parseIds } from './id-arguments.js';
import type { TopicQueues } from './topic-fanout.js';
import { createTopicHub, type TopicClient } from './topic-hub.js';

export interface TextMessageHubOptions {
  backplane: Backplane;
  /** Current texts of these ids and the unknown ones (the text message service). */
  get: (ids: readonly number[]) => Promise<{ messages: TextMessage[]; missingIds: number[] }>;
  tickMs: number;
}

/** Reply of SubscribeToTextMessages (texts are no PV: every signed-in user may read them). */
export interface TextSubscribeReply {
  subscribed: number[];
  missingIds: number[];
}

const EVENT = 'newMessage';

/**
 * The `/hubs/visu-text-message` channel: SubscribeToTextMessages(ids) (≤ 1024) →
 * `{ subscribed, missingIds }`, then newMessage({ id, message }) once per text: the current text
 * at once, later each change (only the latest per text and tick).
 */
export function createTextMessageHub(options: TextMessageHubOptions): HubDefinition<TopicQueues> {
  return createTopicHub({
    name: 'visu-text-message',
    event: EVENT,
    single: true,
    tickMs: options.tickMs,
    methods: (fanout) => ({
      async SubscribeToTextMessages(client: TopicClient, args): Promise<TextSubscribeReply> {
        const ids = parseIds(args, 'text');
        // Subscribed before reading: a change while the store answers is not lost.
        for (const id of ids) fanout.subscribe(client, EVENT, String(id));
        const current = ids.length > 0 ? await options.get(ids) : { messages: [], missingIds: [] };
        for (const id of current.missingIds) fanout.unsubscribe(client, EVENT, String(id));
        for (const message of current.messages) {
          const key = String(message.id);
          // A change that came in meanwhile is newer than what the store answered.
          if (!client.state.hasPending(EVENT, key)) fanout.offer(client, EVENT, key, key, message);
        }
        return { subscribed: current.messages.map((m) => m.id), missingIds: current.missingIds };
      },
      UnsubscribeFromTextMessages(client: TopicClient, args) {
        for (const id of parseIds(args, 'text')) fanout.unsubscribe(client, EVENT, String(id));
      },
    }),
    listen: (fanout) =>
      options.backplane.subscribe('textMessages.message', (message) => {
        const key = String(message.id);
        fanout.publish(EVENT, key, key, message);
      }),
  });
}
