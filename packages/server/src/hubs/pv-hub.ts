import { SUBSCRIBE_BATCH, isPvRef, pvKey, type ProcessValue, type PvRef } from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition, type HubHost } from './hub.js';
import { PvSlot, PvSubscriptions, batchRecordEncoder, type PvSubscription } from './pv-subscriptions.js';
import { createTickThrottle, type TickThrottle } from './tick-throttle.js';

export interface PvHubOptions {
  plant: Plant;
  rights: Rights;
  backplane: Backplane;
  /**
   * Batch interval: at most one newValues per connection per tick. 0 turns conflation off and
   * sends every change as its own `newValue` record at once (the naive baseline the benchmark
   * compares against; never a production setting).
   */
  tickMs: number;
  /** A socket with more unsent bytes than this is skipped for the tick (slow reader). */
  maxBufferedBytes?: number;
  /** Values per newValues invocation; the rest follows on the next tick. */
  maxBatchValues?: number;
}

/** Reply of SubscribeToPvs. */
export interface SubscribeReply {
  subscribed: PvRef[];
  missingPvs: PvRef[];
  unauthorizedPvs: PvRef[];
}

type PvClient = HubClient<PvSubscriptions>;

export const PV_HUB_DEFAULTS = { maxBufferedBytes: 1024 * 1024, maxBatchValues: 4096 } as const;

/** Validates the single argument of (Un)SubscribeToPvs; calls §9 allows 1024 refs per call. */
export function parseRefs(args: readonly unknown[]): PvRef[] {
  expectArgumentCount(args, 1);
  const raw = args[0];
  if (!Array.isArray(raw)) throw new HubError('Expected an array of PV references.');
  if (raw.length > SUBSCRIBE_BATCH) {
    throw new HubError(`At most ${SUBSCRIBE_BATCH} PV references per call, got ${raw.length}.`);
  }
  const byKey = new Map<string, PvRef>();
  raw.forEach((item: unknown, index) => {
    if (!isPvRef(item)) throw new HubError(`Invalid PV reference at index ${index}.`);
    // Copy only type and nr: whatever else the client sent is not echoed back.
    const ref: PvRef = { type: item.type, nr: item.nr };
    byKey.set(pvKey(ref), ref);
  });
  return [...byKey.values()];
}

// The naive baseline's values: a value object is serialised once, however many connections it goes to.
const serialized = new WeakMap<ProcessValue, string>();
function jsonOf(value: ProcessValue): string {
  let json = serialized.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    serialized.set(value, json);
  }
  return json;
}

/**
 * The `/hubs/pv` channel: SubscribeToPvs / UnsubscribeFromPvs and conflated newValues; to the
 * same subscribers, unconflated, newValue (the field's answer to a user's write), newAck (a
 * failure input acknowledged) and newConfig (a PV's config changed).
 */
export function createPvHub(options: PvHubOptions): HubDefinition<PvSubscriptions> {
  const { plant, rights, backplane, tickMs } = options;
  const maxBuffered = options.maxBufferedBytes ?? PV_HUB_DEFAULTS.maxBufferedBytes;
  const maxBatch = options.maxBatchValues ?? PV_HUB_DEFAULTS.maxBatchValues;
  const naive = tickMs === 0;
  // PV key → its latest value and the connections subscribed to it, so a change touches only
  // its subscribers. A PV nobody subscribed has no entry.
  const watched = new Map<string, { slot: PvSlot; clients: Map<PvClient, PvSubscription> }>();
  const encodeNewValues = batchRecordEncoder('newValues');
  let host: HubHost<PvSubscriptions> | null = null;
  let throttle: TickThrottle | null = null;

  function unindex(key: string, client: PvClient): void {
    const entry = watched.get(key);
    entry?.clients.delete(client);
    if (entry?.clients.size === 0) watched.delete(key);
  }

  function onValues(values: readonly ProcessValue[]): void {
    for (const value of values) {
      const entry = watched.get(pvKey(value.pvRef));
      if (entry === undefined) continue;
      if (naive) {
        for (const client of entry.clients.keys()) client.sendSerialized('newValue', `[${jsonOf(value)}]`);
        continue;
      }
      entry.slot.set(value);
      for (const [client, subscription] of entry.clients) client.state.offer(subscription);
    }
    throttle?.request();
  }

  /** One event to the PV's subscribers who may still read it (rights can change meanwhile). */
  function tell(event: string, ref: PvRef, json: string): void {
    for (const client of watched.get(pvKey(ref))?.clients.keys() ?? []) {
      if (rights.canReadPv(client.principal, ref)) client.sendSerialized(event, json);
    }
  }

  /** The write events of every process (bridged from the domain) → the subscribers of the PV. */
  function bridgeLiveEvents(): () => void {
    const stops = [
      backplane.subscribe('pv.written', (value) => tell('newValue', value.pvRef, `[${jsonOf(value)}]`)),
      backplane.subscribe('pv.ack', (ack) => tell('newAck', ack.pvRef, JSON.stringify([ack]))),
      backplane.subscribe('pv.config', (config) => tell('newConfig', config.pvRef, JSON.stringify([config]))),
    ];
    return () => stops.forEach((stop) => stop());
  }

  function flush(): void {
    let left = false;
    for (const client of host?.connections() ?? []) {
      const state = client.state;
      if (state.pendingCount === 0) continue;
      // A client that does not read keeps conflating instead of growing the socket buffer.
      if (client.bufferedAmount > maxBuffered) {
        state.skippedTicks += 1;
        left = true;
        continue;
      }
      client.sendRecord(encodeNewValues(state.take(maxBatch)));
      state.sentBatches += 1;
      if (state.pendingCount > 0) left = true;
    }
    // Skipped or capped connections get the rest on a later tick.
    if (left) throttle?.request();
  }

  function subscribe(client: PvClient, args: readonly unknown[]): SubscribeReply {
    const reply: SubscribeReply = { subscribed: [], missingPvs: [], unauthorizedPvs: [] };
    for (const ref of parseRefs(args)) {
      const key = pvKey(ref);
      if (plant.config(key) === undefined) reply.missingPvs.push(ref);
      else if (!rights.canReadPv(client.principal, ref)) reply.unauthorizedPvs.push(ref);
      else {
        reply.subscribed.push(ref);
        let entry = watched.get(key);
        if (entry === undefined) {
          entry = { slot: new PvSlot(key, plant.values.get(key)), clients: new Map() };
          watched.set(key, entry);
        }
        const subscription = client.state.add(entry.slot);
        entry.clients.set(client, subscription);
        // Also for a repeated subscribe: the caller may be a new view that needs the value now.
        const current = entry.slot.value;
        if (current === undefined) continue;
        if (naive) client.sendSerialized('newValue', `[${jsonOf(current)}]`);
        else client.state.offer(subscription);
      }
    }
    throttle?.request();
    return reply;
  }

  function unsubscribe(client: PvClient, args: readonly unknown[]): void {
    for (const ref of parseRefs(args)) {
      const key = pvKey(ref);
      client.state.remove(key);
      unindex(key, client);
    }
  }

  return {
    name: 'pv',
    methods: { SubscribeToPvs: subscribe, UnsubscribeFromPvs: unsubscribe },
    createState: () => new PvSubscriptions(),
    onDisconnected(client) {
      for (const key of client.state.keys()) unindex(key, client);
    },
    inspect: (state) => ({
      subscribed: state.subscribedCount,
      pending: state.pendingCount,
      sentBatches: state.sentBatches,
      skippedTicks: state.skippedTicks,
    }),
    start(hubHost) {
      host = hubHost;
      if (!naive) throttle = createTickThrottle(tickMs, flush);
      const stopFeed = backplane.subscribe('pv.values', onValues);
      const stopLive = bridgeLiveEvents();
      return () => {
        stopFeed();
        stopLive();
        throttle?.stop();
        throttle = null;
        host = null;
      };
    },
  };
}
