import { SUBSCRIBE_BATCH, isPvRef, pvKey, type ProcessValue, type PvRef } from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition, type HubHost } from './hub.js';
import { RecordPool } from './record-pool.js';
import { PvSlot, PvSubscriptions, batchRecordEncoder, offerToSubscribers } from './pv-subscriptions.js';

export interface PvHubOptions {
  plant: Plant;
  rights: Rights;
  backplane: Backplane;
  /**
   * Batch interval per connection: at most one newValues per connection per tick, the first
   * change after a quiet spell at once. 0 turns conflation off and
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
  // PV key → its slot: the latest value and the connections subscribed to it, so a change
  // touches only its subscribers. A PV nobody subscribed has no slot.
  const watched = new Map<string, PvSlot>();
  // A slot knows its subscribers by their subscriptions; the events sent at once need the client.
  const clientOf = new Map<PvSubscriptions, PvClient>();
  // Records go back to the pool once written: no fresh memory per batch.
  const records = new RecordPool();
  const encodeNewValues = batchRecordEncoder('newValues', records);
  // The slots of the batch being encoded; one array for all connections, as batches are
  // encoded one at a time.
  const batch: PvSlot[] = [];
  let host: HubHost<PvSubscriptions> | null = null;
  let immediate: NodeJS.Immediate | null = null;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Number.POSITIVE_INFINITY;

  /** Forgets a PV's slot once its last subscriber left. */
  function unwatchIfUnused(key: string): void {
    const slot = watched.get(key);
    if (slot === undefined || slot.owners.length > 0) return;
    watched.delete(key);
    slot.release();
  }

  function* subscribersOf(slot: PvSlot | undefined): Iterable<PvClient> {
    for (const owner of slot?.owners ?? []) {
      const client = clientOf.get(owner);
      if (client !== undefined) yield client;
    }
  }

  function onValues(values: readonly ProcessValue[]): void {
    for (const value of values) {
      const slot = watched.get(pvKey(value.pvRef));
      if (slot === undefined) continue;
      if (naive) {
        for (const client of subscribersOf(slot)) client.sendSerialized('newValue', `[${jsonOf(value)}]`);
        continue;
      }
      slot.set(value);
      offerToSubscribers(slot);
    }
    requestFlush();
  }

  /** One event to the PV's subscribers who may still read it (rights can change meanwhile). */
  function tell(event: string, ref: PvRef, json: string): void {
    for (const client of subscribersOf(watched.get(pvKey(ref)))) {
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

  // setImmediate, not at once: the batches a source publishes in one go still make one record.
  function requestFlush(): void {
    if (immediate !== null || host === null || naive) return;
    immediate = setImmediate(flushDue);
  }

  /**
   * Sends every connection whose tick is due its waiting values; each connection keeps its own
   * tick, so a connection that just got a batch waits while the others' first change goes out
   * at once. The single timer wakes up for the earliest connection still waiting.
   */
  function flushDue(): void {
    immediate = null;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const client of host?.connections() ?? []) {
      const state = client.state;
      if (state.pendingCount === 0) continue;
      const due = state.lastSentAt + tickMs;
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      // A client that does not read keeps conflating instead of growing the socket buffer.
      if (client.bufferedAmount > maxBuffered) {
        state.skippedTicks += 1;
        next = Math.min(next, now + tickMs);
        continue;
      }
      const count = state.take(maxBatch, batch);
      const record = encodeNewValues(batch, count);
      client.sendRecord(record, () => records.release(record));
      state.sentBatches += 1;
      state.lastSentAt = now;
      // Capped: the rest on the connection's next tick.
      if (state.pendingCount > 0) next = Math.min(next, now + tickMs);
    }
    if (next !== Number.POSITIVE_INFINITY) wakeAt(next, now);
  }

  function wakeAt(at: number, now: number): void {
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Number.POSITIVE_INFINITY;
      flushDue();
    }, at - now);
    timer.unref();
  }

  function stopFlushing(): void {
    if (immediate !== null) clearImmediate(immediate);
    if (timer !== null) clearTimeout(timer);
    immediate = null;
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
  }

  function subscribe(client: PvClient, args: readonly unknown[]): SubscribeReply {
    const reply: SubscribeReply = { subscribed: [], missingPvs: [], unauthorizedPvs: [] };
    const refs = parseRefs(args);
    clientOf.set(client.state, client);
    for (const ref of refs) {
      const key = pvKey(ref);
      if (plant.config(key) === undefined) reply.missingPvs.push(ref);
      else if (!rights.canReadPv(client.principal, ref)) reply.unauthorizedPvs.push(ref);
      else {
        reply.subscribed.push(ref);
        let slot = watched.get(key);
        if (slot === undefined) {
          slot = new PvSlot(key, plant.values.get(key));
          watched.set(key, slot);
        }
        const subscription = client.state.add(slot);
        // Also for a repeated subscribe: the caller may be a new view that needs the value now.
        if (!slot.hasValue) continue;
        if (naive) client.sendSerialized('newValue', `[${jsonOf(slot.value as ProcessValue)}]`);
        else client.state.offer(subscription);
      }
    }
    requestFlush();
    return reply;
  }

  function unsubscribe(client: PvClient, args: readonly unknown[]): void {
    for (const ref of parseRefs(args)) {
      const key = pvKey(ref);
      client.state.remove(key);
      unwatchIfUnused(key);
    }
  }

  return {
    name: 'pv',
    methods: { SubscribeToPvs: subscribe, UnsubscribeFromPvs: unsubscribe },
    createState: () => new PvSubscriptions(),
    onDisconnected(client) {
      const keys = [...client.state.keys()];
      client.state.clear();
      keys.forEach(unwatchIfUnused);
      clientOf.delete(client.state);
    },
    inspect: (state) => ({
      subscribed: state.subscribedCount,
      pending: state.pendingCount,
      sentBatches: state.sentBatches,
      skippedTicks: state.skippedTicks,
    }),
    start(hubHost) {
      host = hubHost;
      const stopFeed = backplane.subscribe('pv.values', onValues);
      const stopLive = bridgeLiveEvents();
      return () => {
        stopFeed();
        stopLive();
        stopFlushing();
        host = null;
      };
    },
  };
}
