import type { HubClient, HubHost } from './hub.js';
import { createTickThrottle, type TickThrottle } from './tick-throttle.js';

interface Pending {
  subKey: string;
  payload: unknown;
}

/**
 * One connection's subscriptions per event (by subscription key, e.g. a PV key) and its unsent
 * items per event (by item key, e.g. a PV key plus limit type): only the latest item per key is
 * kept, so the queue never holds more entries than the subscribed objects have.
 */
export class TopicQueues {
  private readonly subscribed = new Map<string, Set<string>>();
  private readonly pending = new Map<string, Map<string, Pending>>();

  has(event: string, subKey: string): boolean {
    return this.subscribed.get(event)?.has(subKey) ?? false;
  }

  keys(event: string): string[] {
    return [...(this.subscribed.get(event) ?? [])];
  }

  /** Every (event, subscription key) pair, for the clean-up on disconnect. */
  *entries(): IterableIterator<[string, string]> {
    for (const [event, keys] of this.subscribed) for (const key of keys) yield [event, key];
  }

  add(event: string, subKey: string): void {
    const keys = this.subscribed.get(event) ?? new Set();
    keys.add(subKey);
    this.subscribed.set(event, keys);
  }

  remove(event: string, subKey: string): void {
    this.subscribed.get(event)?.delete(subKey);
    const queue = this.pending.get(event);
    for (const [itemKey, item] of queue ?? []) if (item.subKey === subKey) queue?.delete(itemKey);
  }

  offer(event: string, subKey: string, itemKey: string, payload: unknown): void {
    if (!this.has(event, subKey)) return;
    const queue = this.pending.get(event) ?? new Map<string, Pending>();
    // Delete first: a newer item goes to the end of the line like a new one.
    queue.delete(itemKey);
    queue.set(itemKey, { subKey, payload });
    this.pending.set(event, queue);
  }

  hasPending(event: string, itemKey: string): boolean {
    return this.pending.get(event)?.has(itemKey) ?? false;
  }

  take(event: string): unknown[] {
    const queue = this.pending.get(event);
    if (queue === undefined || queue.size === 0) return [];
    const batch = [...queue.values()].map((item) => item.payload);
    queue.clear();
    return batch;
  }

  get pendingCount(): number {
    let count = 0;
    for (const queue of this.pending.values()) count += queue.size;
    return count;
  }

  get subscribedCount(): number {
    let count = 0;
    for (const keys of this.subscribed.values()) count += keys.size;
    return count;
  }
}

export interface TopicFanoutOptions<S> {
  /** Where a connection's queues are in its state. */
  queues: (state: S) => TopicQueues;
  /** The events in flush order; each flush sends at most one invocation per event (or per item). */
  events: readonly string[];
  /** Events whose items are sent one invocation each (`event(item)`) instead of `event([items])`. */
  single?: readonly string[];
  tickMs: number;
  /** A socket with more unsent bytes than this is skipped for the tick (slow reader). */
  maxBufferedBytes?: number;
}

/** Fan-out of keyed events to subscribed connections, conflated per tick. */
export interface TopicFanout<S> {
  subscribe(client: HubClient<S>, event: string, subKey: string): void;
  unsubscribe(client: HubClient<S>, event: string, subKey: string): void;
  /** Queues an item for one connection (the current state right after subscribing). */
  offer(client: HubClient<S>, event: string, subKey: string, itemKey: string, payload: unknown): void;
  /** Queues an item for every connection subscribed to (event, subKey) that `visible` lets see it. */
  publish(
    event: string,
    subKey: string,
    itemKey: string,
    payload: unknown,
    visible?: (client: HubClient<S>) => boolean,
  ): void;
  subscriberCount(event: string, subKey: string): number;
  disconnected(client: HubClient<S>): void;
  start(host: HubHost<S>): () => void;
}

const MAX_BUFFERED = 1024 * 1024;

export function createTopicFanout<S>(options: TopicFanoutOptions<S>): TopicFanout<S> {
  const { queues, events, tickMs } = options;
  const single = new Set(options.single ?? []);
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED;
  // `${event}\n${subKey}` → the connections subscribed to it.
  const index = new Map<string, Set<HubClient<S>>>();
  let host: HubHost<S> | null = null;
  let throttle: TickThrottle | null = null;
  const slot = (event: string, subKey: string) => `${event}\n${subKey}`;

  function flush(): void {
    let left = false;
    for (const client of host?.connections() ?? []) {
      const state = queues(client.state);
      if (state.pendingCount === 0) continue;
      if (client.bufferedAmount > maxBuffered) {
        left = true;
        continue;
      }
      for (const event of events) {
        const batch = state.take(event);
        if (batch.length === 0) continue;
        if (single.has(event)) for (const item of batch) client.send(event, [item]);
        else client.send(event, [batch]);
      }
    }
    if (left) throttle?.request();
  }

  return {
    subscribe(client, event, subKey) {
      queues(client.state).add(event, subKey);
      const set = index.get(slot(event, subKey)) ?? new Set();
      set.add(client);
      index.set(slot(event, subKey), set);
    },
    unsubscribe(client, event, subKey) {
      queues(client.state).remove(event, subKey);
      const set = index.get(slot(event, subKey));
      set?.delete(client);
      if (set?.size === 0) index.delete(slot(event, subKey));
    },
    offer(client, event, subKey, itemKey, payload) {
      queues(client.state).offer(event, subKey, itemKey, payload);
      throttle?.request();
    },
    publish(event, subKey, itemKey, payload, visible) {
      const set = index.get(slot(event, subKey));
      if (set === undefined) return;
      for (const client of set) {
        if (visible === undefined || visible(client))
          queues(client.state).offer(event, subKey, itemKey, payload);
      }
      throttle?.request();
    },
    subscriberCount: (event, subKey) => index.get(slot(event, subKey))?.size ?? 0,
    disconnected(client) {
      for (const [event, subKey] of [...queues(client.state).entries()])
        this.unsubscribe(client, event, subKey);
    },
    start(hubHost) {
      host = hubHost;
      throttle = createTickThrottle(tickMs, flush);
      return () => {
        throttle?.stop();
        throttle = null;
        host = null;
      };
    },
  };
}
