import { SUBSCRIBE_BATCH, isPvRef, pvKey, type ProcessValue, type PvRef } from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition, type HubHost } from './hub.js';
import { PvSubscriptions } from './pv-subscriptions.js';

export interface PvHubOptions {
  plant: Plant;
  rights: Rights;
  backplane: Backplane;
  /** Batch interval: at most one newValues per connection per tick. */
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

export const PV_HUB_DEFAULTS = { maxBufferedBytes: 1024 * 1024, maxBatchValues: 4096 } as const;

/** Validates the single argument of (Un)SubscribeToPvs; calls §9 allows 1024 refs per call. */
function parseRefs(args: readonly unknown[]): PvRef[] {
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

/** The `/hubs/pv` channel: SubscribeToPvs / UnsubscribeFromPvs and conflated newValues. */
export function createPvHub(options: PvHubOptions): HubDefinition<PvSubscriptions> {
  const { plant, rights, backplane, tickMs } = options;
  const maxBuffered = options.maxBufferedBytes ?? PV_HUB_DEFAULTS.maxBufferedBytes;
  const maxBatch = options.maxBatchValues ?? PV_HUB_DEFAULTS.maxBatchValues;
  // PV key → the connections subscribed to it, so a change touches only its subscribers.
  const subscribers = new Map<string, Set<PvSubscriptions>>();

  function unindex(key: string, state: PvSubscriptions): void {
    const set = subscribers.get(key);
    set?.delete(state);
    if (set?.size === 0) subscribers.delete(key);
  }

  function onValues(values: readonly ProcessValue[]): void {
    for (const value of values) {
      const key = pvKey(value.pvRef);
      for (const state of subscribers.get(key) ?? []) state.offer(key, value);
    }
  }

  function flush(host: HubHost<PvSubscriptions>): void {
    for (const client of host.connections()) {
      if (client.state.pendingCount === 0) continue;
      // A client that does not read keeps conflating instead of growing the socket buffer.
      if (client.bufferedAmount > maxBuffered) continue;
      client.send('newValues', [client.state.take(maxBatch)]);
    }
  }

  function subscribe(client: HubClient<PvSubscriptions>, args: readonly unknown[]): SubscribeReply {
    const reply: SubscribeReply = { subscribed: [], missingPvs: [], unauthorizedPvs: [] };
    for (const ref of parseRefs(args)) {
      const key = pvKey(ref);
      if (plant.config(key) === undefined) reply.missingPvs.push(ref);
      else if (!rights.canReadPv(client.principal, ref)) reply.unauthorizedPvs.push(ref);
      else {
        reply.subscribed.push(ref);
        client.state.add(key);
        const set = subscribers.get(key) ?? new Set();
        set.add(client.state);
        subscribers.set(key, set);
        // Also for a repeated subscribe: the caller may be a new view that needs the value now.
        const current = plant.values.get(key);
        if (current !== undefined) client.state.offer(key, current);
      }
    }
    return reply;
  }

  function unsubscribe(client: HubClient<PvSubscriptions>, args: readonly unknown[]): void {
    for (const ref of parseRefs(args)) {
      const key = pvKey(ref);
      client.state.remove(key);
      unindex(key, client.state);
    }
  }

  return {
    name: 'pv',
    methods: { SubscribeToPvs: subscribe, UnsubscribeFromPvs: unsubscribe },
    createState: () => new PvSubscriptions(),
    onDisconnected(client) {
      for (const key of client.state.keys()) unindex(key, client.state);
    },
    start(host) {
      const stopFeed = backplane.subscribe('pv.values', onValues);
      const timer = setInterval(() => flush(host), tickMs);
      timer.unref();
      return () => {
        stopFeed();
        clearInterval(timer);
      };
    },
  };
}
