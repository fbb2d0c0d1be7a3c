import {
  SUBSCRIBE_BATCH_REPORT_DATA,
  pvKey,
  type DataBinding,
  type ProcessValue,
  type PvRef,
} from '@leitwarte/core';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition } from './hub.js';
import { createTodaySummaries, isDataBinding } from './report-today.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';
import type { Visibility } from '../auth/visibility.js';

export interface ReportDataHubOptions {
  plant: Plant;
  backplane: Backplane;
  visibility: Visibility;
  /** PVs the plant's reports bind: their day is followed from the start, not from a subscription. */
  reportPvs: () => Promise<readonly PvRef[]>;
  tickMs: number;
  now?: () => number;
}

/** Reply of SubscribeToReportData. notLive: bindings with an offset (another period) get no events. */
export interface ReportDataSubscribeReply {
  subscribed: DataBinding[];
  missingPvs: DataBinding[];
  unauthorizedPvs: DataBinding[];
  notLive: DataBinding[];
}

/** One item of newReportData: today's value of a binding so far (null while nothing is known). */
export interface ReportDataUpdate {
  dataBinding: DataBinding;
  value: number | null;
}

const EVENT = 'newReportData';
type Client = HubClient<TopicQueues>;

const bindingKey = (b: DataBinding) => `${pvKey(b.pvRef)}/${b.reportValueType}/${b.offset}/${b.offsetUnit}`;

/** The single argument: ≤ 400 data bindings (calls §9); only the binding's fields are kept. */
function parseBindings(args: readonly unknown[]): DataBinding[] {
  expectArgumentCount(args, 1);
  const raw = args[0];
  if (!Array.isArray(raw)) throw new HubError('Expected an array of data bindings.');
  if (raw.length > SUBSCRIBE_BATCH_REPORT_DATA) {
    throw new HubError(`At most ${SUBSCRIBE_BATCH_REPORT_DATA} data bindings per call, got ${raw.length}.`);
  }
  const byKey = new Map<string, DataBinding>();
  raw.forEach((item: unknown, index) => {
    if (!isDataBinding(item)) throw new HubError(`Invalid data binding at index ${index}.`);
    const { reportValueType, pvRef, offset, offsetUnit } = item;
    const clean: DataBinding = {
      reportValueType,
      pvRef: { type: pvRef.type, nr: pvRef.nr },
      offset,
      offsetUnit,
    };
    byKey.set(bindingKey(clean), clean);
  });
  return [...byKey.values()];
}

/**
 * The `/hubs/reportdata` channel: SubscribeToReportData(bindings) (≤ 400) → `{ subscribed,
 * missingPvs, unauthorizedPvs, notLive }`, then newReportData([{ dataBinding, value }]): the
 * value of today (the plant's local day) so far, computed like the report data call does from
 * the values seen since midnight; at once, then after each change of the PV, conflated per
 * binding and tick. Bindings with an offset look at another period and are listed as notLive.
 */
export function createReportDataHub(options: ReportDataHubOptions): HubDefinition<TopicQueues> {
  const { plant, backplane, visibility } = options;
  const fanout = createTopicFanout<TopicQueues>({
    queues: (s) => s,
    events: [EVENT],
    tickMs: options.tickMs,
  });
  const today = createTodaySummaries(plant, options.now ?? Date.now);
  // PV key → the bindings of that PV someone subscribed to.
  const byPv = new Map<string, Map<string, DataBinding>>();

  const update = (binding: DataBinding): ReportDataUpdate => ({
    dataBinding: binding,
    value: today.value(binding.pvRef, binding.reportValueType),
  });

  function subscribe(client: Client, args: readonly unknown[]): ReportDataSubscribeReply {
    const reply: ReportDataSubscribeReply = {
      subscribed: [],
      missingPvs: [],
      unauthorizedPvs: [],
      notLive: [],
    };
    for (const binding of parseBindings(args)) {
      const key = pvKey(binding.pvRef);
      if (plant.config(key) === undefined) reply.missingPvs.push(binding);
      else if (!visibility.pv(client.principal, binding.pvRef)) reply.unauthorizedPvs.push(binding);
      else if (binding.offset !== 0) reply.notLive.push(binding);
      else {
        reply.subscribed.push(binding);
        today.watch(binding.pvRef);
        const bKey = bindingKey(binding);
        const bindings = byPv.get(key) ?? new Map<string, DataBinding>();
        bindings.set(bKey, binding);
        byPv.set(key, bindings);
        fanout.subscribe(client, EVENT, bKey);
        fanout.offer(client, EVENT, bKey, bKey, update(binding));
      }
    }
    return reply;
  }

  function onValues(values: readonly ProcessValue[]): void {
    for (const value of values) today.record(value);
    // Without report-data subscribers there is nothing to tell: no keys are built for a batch.
    if (byPv.size === 0) return;
    const changed = new Set(values.map((v) => pvKey(v.pvRef)));
    for (const key of changed) {
      const bindings = byPv.get(key);
      if (bindings === undefined) continue;
      for (const [bKey, binding] of bindings) {
        if (fanout.subscriberCount(EVENT, bKey) === 0) bindings.delete(bKey);
        else fanout.publish(EVENT, bKey, bKey, update(binding));
      }
      if (bindings.size === 0) byPv.delete(key);
    }
  }

  return {
    name: 'reportdata',
    methods: {
      SubscribeToReportData: subscribe,
      UnsubscribeFromReportData(client: Client, args) {
        for (const binding of parseBindings(args)) fanout.unsubscribe(client, EVENT, bindingKey(binding));
      },
    },
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ subscribed: state.subscribedCount, pending: state.pendingCount }),
    start(host) {
      let stopped = false;
      void options.reportPvs().then(
        (pvs) => {
          if (!stopped) pvs.forEach((pv) => today.watch(pv));
        },
        () => {},
      );
      const stops = [fanout.start(host), backplane.subscribe('pv.values', onValues)];
      return () => {
        stopped = true;
        stops.forEach((stop) => stop());
      };
    },
  };
}
