import type { HubClient, HubDefinition, HubMethod } from './hub.js';
import { TopicQueues, createTopicFanout, type TopicFanout } from './topic-fanout.js';

export interface TopicHubOptions {
  name: string;
  /** The event the channel sends. */
  event: string;
  /** Further events of the channel, sent after `event` in each flush (each item on its own when single). */
  moreEvents?: readonly string[];
  /** Send each item as its own invocation (`event(item)`) instead of `event([items])`. */
  single?: boolean;
  tickMs: number;
  /** The channel's methods, working on the fanout. */
  methods: (fanout: TopicFanout<TopicQueues>) => Readonly<Record<string, HubMethod<TopicQueues>>>;
  /** Feeds the fanout from the backplane; returns the unsubscribe. */
  listen: (fanout: TopicFanout<TopicQueues>) => () => void;
}

export type TopicClient = HubClient<TopicQueues>;

/**
 * A channel of one event with keyed subscriptions (pipe leakage, energy, text messages,
 * dashboard notes): per connection the latest item per key and tick, slow readers skipped.
 * Only the methods and the backplane feed differ between them.
 */
export function createTopicHub(options: TopicHubOptions): HubDefinition<TopicQueues> {
  const fanout = createTopicFanout<TopicQueues>({
    queues: (s) => s,
    events: [options.event, ...(options.moreEvents ?? [])],
    single: options.single ? [options.event, ...(options.moreEvents ?? [])] : [],
    tickMs: options.tickMs,
  });
  return {
    name: options.name,
    methods: options.methods(fanout),
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ subscribed: state.subscribedCount, pending: state.pendingCount }),
    start(host) {
      const stops = [fanout.start(host), options.listen(fanout)];
      return () => stops.forEach((stop) => stop());
    },
  };
}
