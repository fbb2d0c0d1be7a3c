import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Backplane, BackplaneTopic, BackplaneTopics } from './backplane.js';

export interface RedisBackplaneOptions {
  /** redis:// or rediss:// URL (LEITWARTE_REDIS_URL). */
  url: string;
  /** Prefix of every channel, so several installations (or tests) can share one Redis. */
  prefix?: string;
  log?: { info(message: string): void; warn(message: string): void };
  /**
   * Called when the subscription connection is back after Redis was lost: what was published
   * in between never arrived here, so the process's live clients must resubscribe.
   */
  onResumed?: () => void;
}

/** What the Redis backplane counts, for /metrics. */
export interface RedisBackplaneStats {
  connected: boolean;
  published: number;
  publishedBytes: number;
  received: number;
  receivedBytes: number;
  /** Messages not sent because Redis was unreachable (delivery is at most once). */
  dropped: number;
  /** How often the subscription connection came back after a loss. */
  resumed: number;
}

export interface RedisBackplane extends Backplane {
  /** This process's id on the backplane: its own messages come back and are ignored. */
  readonly origin: string;
  /** Resolves when both connections are up (a start without Redis fails instead of limping). */
  ready(): Promise<void>;
  stats(): RedisBackplaneStats;
  close(): Promise<void>;
}

type Listener = (message: never) => void;

interface Envelope {
  /** Origin process. */
  o: string;
  /** The topic's message. */
  m: unknown;
}

// Reconnect quickly at first, then at most every 2 s: a restarted Redis is found within seconds.
const retryStrategy = (times: number) => Math.min(100 * times, 2000);

/**
 * The backplane across processes over Redis pub/sub, the design of ASP.NET SignalR's Redis
 * backplane: one channel per topic, each change published once per process and received once
 * per process, whatever the number of clients; the hubs behind it conflate per connection as
 * before. Local listeners are called synchronously as with the in-process backplane, so a
 * process never waits for Redis to see its own changes. Redis delivers in order per publisher.
 * Delivery is at most once: while Redis is away nothing is queued (a burst of stale values
 * after the outage would be worse than none), and when it is back `onResumed` makes the
 * clients resubscribe and fetch current state.
 */
export function createRedisBackplane(options: RedisBackplaneOptions): RedisBackplane {
  const prefix = options.prefix ?? 'leitwarte:';
  const origin = randomBytes(8).toString('base64url');
  const common = { retryStrategy, lazyConnect: true, connectionName: `leitwarte-${origin}` };
  // A connection in subscriber mode cannot publish: one for each direction.
  const pub = new Redis(options.url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const sub = new Redis(options.url, { ...common, autoResubscribe: true });
  const listeners = new Map<BackplaneTopic, Set<Listener>>();
  const stats: RedisBackplaneStats = {
    connected: false,
    published: 0,
    publishedBytes: 0,
    received: 0,
    receivedBytes: 0,
    dropped: 0,
    resumed: 0,
  };
  let closed = false;
  let wasLost = false;

  const deliver = (topic: BackplaneTopic, message: unknown) => {
    for (const listener of listeners.get(topic) ?? []) (listener as (m: unknown) => void)(message);
  };

  const channelOf = (topic: BackplaneTopic) => `${prefix}${topic}`;

  sub.on('messageBuffer', (channel: Buffer, payload: Buffer) => {
    const name = channel.toString();
    if (!name.startsWith(prefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload.toString()) as Envelope;
    } catch {
      options.log?.warn(`backplane: unreadable message on ${name}`);
      return;
    }
    if (envelope.o === origin) return;
    stats.received += 1;
    stats.receivedBytes += payload.length;
    deliver(name.slice(prefix.length) as BackplaneTopic, envelope.m);
  });
  sub.on('ready', () => {
    stats.connected = true;
    if (!wasLost) return;
    wasLost = false;
    stats.resumed += 1;
    options.log?.info('backplane: Redis is back, live clients resubscribe');
    options.onResumed?.();
  });
  sub.on('close', () => {
    if (closed) return;
    if (stats.connected) options.log?.warn('backplane: lost Redis, reconnecting');
    stats.connected = false;
    wasLost = true;
  });
  // ioredis reports every failed reconnect as an error; the close/ready pair above says enough.
  sub.on('error', () => {});
  pub.on('error', () => {});

  const subscribed = new Set<BackplaneTopic>();
  const ensureSubscribed = (topic: BackplaneTopic) => {
    if (subscribed.has(topic)) return;
    subscribed.add(topic);
    // While offline ioredis remembers the subscription and makes it on (re)connect.
    sub.subscribe(channelOf(topic)).catch(() => {});
  };

  return {
    origin,
    publish<T extends BackplaneTopic>(topic: T, message: BackplaneTopics[T]) {
      deliver(topic, message);
      if (closed) return;
      const payload = JSON.stringify({ o: origin, m: message } satisfies Envelope);
      if (pub.status !== 'ready') {
        stats.dropped += 1;
        return;
      }
      stats.published += 1;
      stats.publishedBytes += Buffer.byteLength(payload);
      pub.publish(channelOf(topic), payload).catch(() => {
        stats.dropped += 1;
      });
    },
    subscribe(topic, listener) {
      const set = listeners.get(topic) ?? new Set<Listener>();
      set.add(listener as Listener);
      listeners.set(topic, set);
      ensureSubscribed(topic);
      return () => {
        set.delete(listener as Listener);
      };
    },
    async ready() {
      await Promise.all([pub.connect(), sub.connect()]);
      stats.connected = true;
    },
    stats: () => ({ ...stats }),
    async close() {
      closed = true;
      listeners.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
