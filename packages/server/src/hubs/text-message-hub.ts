import type { TextMessage } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import type { HubClient, HubDefinition } from './hub.js';
import { parseIds } from './id-arguments.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';

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
type Client = HubClient<TopicQueues>;

/**
 * The `/hubs/visu-text-message` channel: SubscribeToTextMessages(ids) (≤ 1024) →
 * `{ subscribed, missingIds }`, then newMessage({ id, message }) once per text: the current text
 * at once, later each change (only the latest per text and tick).
 */
export function createTextMessageHub(options: TextMessageHubOptions): HubDefinition<TopicQueues> {
  const { backplane } = options;
  const fanout = createTopicFanout<TopicQueues>({
    queues: (s) => s,
    events: [EVENT],
    single: [EVENT],
    tickMs: options.tickMs,
  });

  async function subscribe(client: Client, args: readonly unknown[]): Promise<TextSubscribeReply> {
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
  }

  return {
    name: 'visu-text-message',
    methods: {
      SubscribeToTextMessages: subscribe,
      UnsubscribeFromTextMessages(client: Client, args) {
        for (const id of parseIds(args, 'text')) fanout.unsubscribe(client, EVENT, String(id));
      },
    },
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ subscribed: state.subscribedCount, pending: state.pendingCount }),
    start(host) {
      const stops = [
        fanout.start(host),
        backplane.subscribe('textMessages.message', (message) => {
          const key = String(message.id);
          fanout.publish(EVENT, key, key, message);
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
