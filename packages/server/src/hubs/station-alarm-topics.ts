import { SUBSCRIBE_BATCH, type AlarmLineInfo, type AlarmPlanInfo } from '@leitwarte/core';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition } from './hub.js';
import { TopicQueues, createTopicFanout } from './topic-fanout.js';
import type { Visibility } from '../auth/visibility.js';

export interface StationAlarmTopicsOptions {
  backplane: Backplane;
  visibility: Visibility;
  /** Current plan and line states (the remote alarm service). */
  planInfos: () => readonly AlarmPlanInfo[];
  lineInfos: () => readonly AlarmLineInfo[];
  tickMs: number;
}

/** A plan reference of SubscribeToPlans. */
export interface PlanRef {
  station: number;
  planNumber: number;
}
/** A line reference of SubscribeToLines. */
export interface LineRef {
  station: number;
  lineNumber: number;
}

/** Reply of SubscribeToPlans. */
export interface PlansSubscribeReply {
  subscribed: PlanRef[];
  missingPlans: PlanRef[];
  unauthorizedPlans: PlanRef[];
}
/** Reply of SubscribeToLines. */
export interface LinesSubscribeReply {
  subscribed: LineRef[];
  missingLines: LineRef[];
  unauthorizedLines: LineRef[];
}

const PLANS = 'newPlanInfo';
const LINES = 'newLineInfo';
type Client = HubClient<TopicQueues>;
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The single argument: ≤ 1024 objects `{ station, <field> }` of non-negative integers (calls §9). */
function parseRefs<F extends 'planNumber' | 'lineNumber'>(
  args: readonly unknown[],
  field: F,
): ({ station: number } & Record<F, number>)[] {
  expectArgumentCount(args, 1);
  const raw = args[0];
  const what = field === 'planNumber' ? 'plan' : 'line';
  if (!Array.isArray(raw)) throw new HubError(`Expected an array of ${what} references.`);
  if (raw.length > SUBSCRIBE_BATCH) {
    throw new HubError(`At most ${SUBSCRIBE_BATCH} ${what} references per call, got ${raw.length}.`);
  }
  const byKey = new Map<string, { station: number } & Record<F, number>>();
  raw.forEach((item: unknown, index) => {
    const ref = item as Record<string, unknown> | null;
    if (typeof ref !== 'object' || ref === null || !isIndex(ref.station) || !isIndex(ref[field])) {
      throw new HubError(`Invalid ${what} reference at index ${index}.`);
    }
    const clean = { station: ref.station, [field]: ref[field] } as { station: number } & Record<F, number>;
    byKey.set(`${ref.station}/${ref[field]}`, clean);
  });
  return [...byKey.values()];
}

/**
 * More topics of `/hubs/station` (calls §7, §9): SubscribeToPlans({ station, planNumber }[]) →
 * newPlanInfo(plans) and SubscribeToLines({ station, lineNumber }[]) → newLineInfo(lines), ≤ 1024
 * per call, the current state right after subscribing, later the changed ones conflated per
 * plan/line and tick. Visible to whoever may see the station.
 */
export function createStationAlarmTopics(options: StationAlarmTopicsOptions): HubDefinition<TopicQueues> {
  const { backplane, visibility } = options;
  const fanout = createTopicFanout<TopicQueues>({
    queues: (state) => state,
    events: [PLANS, LINES],
    tickMs: options.tickMs,
  });
  const planKey = (p: PlanRef) => `${p.station}/${p.planNumber}`;
  const lineKey = (l: LineRef) => `${l.station}/${l.lineNumber}`;

  function subscribePlans(client: Client, args: readonly unknown[]): PlansSubscribeReply {
    const reply: PlansSubscribeReply = { subscribed: [], missingPlans: [], unauthorizedPlans: [] };
    const current = new Map(options.planInfos().map((p) => [planKey(p), p]));
    for (const ref of parseRefs(args, 'planNumber')) {
      const info = current.get(planKey(ref));
      if (info === undefined) reply.missingPlans.push(ref);
      else if (!visibility.station(client.principal, ref.station)) reply.unauthorizedPlans.push(ref);
      else {
        reply.subscribed.push(ref);
        fanout.subscribe(client, PLANS, planKey(ref));
        fanout.offer(client, PLANS, planKey(ref), planKey(ref), info);
      }
    }
    return reply;
  }

  function subscribeLines(client: Client, args: readonly unknown[]): LinesSubscribeReply {
    const reply: LinesSubscribeReply = { subscribed: [], missingLines: [], unauthorizedLines: [] };
    const current = new Map(options.lineInfos().map((l) => [lineKey(l), l]));
    for (const ref of parseRefs(args, 'lineNumber')) {
      const info = current.get(lineKey(ref));
      if (info === undefined) reply.missingLines.push(ref);
      else if (!visibility.station(client.principal, ref.station)) reply.unauthorizedLines.push(ref);
      else {
        reply.subscribed.push(ref);
        fanout.subscribe(client, LINES, lineKey(ref));
        fanout.offer(client, LINES, lineKey(ref), lineKey(ref), info);
      }
    }
    return reply;
  }

  return {
    name: 'station',
    methods: {
      SubscribeToPlans: subscribePlans,
      UnsubscribeFromPlans(client: Client, args) {
        for (const ref of parseRefs(args, 'planNumber')) fanout.unsubscribe(client, PLANS, planKey(ref));
      },
      SubscribeToLines: subscribeLines,
      UnsubscribeFromLines(client: Client, args) {
        for (const ref of parseRefs(args, 'lineNumber')) fanout.unsubscribe(client, LINES, lineKey(ref));
      },
    },
    createState: () => new TopicQueues(),
    onDisconnected: (client) => fanout.disconnected(client),
    inspect: (state) => ({ alarmTopics: state.subscribedCount, alarmPending: state.pendingCount }),
    start(host) {
      const stops = [
        fanout.start(host),
        backplane.subscribe('remoteAlarm.plans', (plans) => {
          for (const p of plans) fanout.publish(PLANS, planKey(p), planKey(p), p);
        }),
        backplane.subscribe('remoteAlarm.lines', (lines) => {
          for (const l of lines) fanout.publish(LINES, lineKey(l), lineKey(l), l);
        }),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
}
