import { SUBSCRIBE_BATCH, planKey, type AlarmLineInfo, type AlarmPlanInfo } from '@leitwarte/core';
import { recordBatches } from './record-batches';
import type { ConnectionManager } from './connection-manager';
import { HubChannel, type HubConnectionLike } from './hub-channel';
import { createHubConnection } from './hub-connection';
import { KeyedLiveStore } from './keyed-live-store';
import { StationStateStore, type StationLiveState } from './station-state-store';

/** A plan of SubscribeToPlans, a line of SubscribeToLines (hubs README). */
export type PlanRef = { station: number; planNumber: number };
export type LineRef = { station: number; lineNumber: number };

/** The name of the station channel's connection in the connection manager. */
export const STATION_CHANNEL = 'station' as const;

const lineKey = (l: LineRef) => `${l.station}/${l.lineNumber}`;
interface StationPart {
  stationNumber: number;
}
const isStationPart = (v: unknown): v is StationPart & Record<string, unknown> =>
  typeof v === 'object' && v !== null && typeof (v as StationPart).stationNumber === 'number';

const isPlanInfo = (v: unknown): v is AlarmPlanInfo =>
  typeof v === 'object' && v !== null && typeof (v as AlarmPlanInfo).planNumber === 'number';
const isLineInfo = (v: unknown): v is AlarmLineInfo =>
  typeof v === 'object' && v !== null && typeof (v as AlarmLineInfo).lineNumber === 'number';

/** Invokes a subscription in batches of at most 1024 references (calls §9) under the message limit. */
async function subscribeInBatches(connection: HubConnectionLike, method: string, refs: readonly unknown[]) {
  for (const batch of recordBatches(refs, SUBSCRIBE_BATCH)) {
    await connection.invoke(method, batch);
  }
}

/**
 * The alarm plans and lines of the station channel (newPlanInfo, newLineInfo): screens watch the
 * plans and lines they show; the hub subscribes them (again after every reconnect) and keeps their
 * latest state in stores outside React, applied once per frame.
 */
export class StationAlarmHub {
  readonly plans = new KeyedLiveStore<AlarmPlanInfo>(planKey);
  readonly lines = new KeyedLiveStore<AlarmLineInfo>(lineKey);
  /** Dial state, timestamps and counters of watched stations (newDialState, newTimestamp, newDialCounter). */
  readonly states = new StationStateStore();
  private readonly watchedStations = new Map<string, { ref: number; count: number }>();
  private readonly watchedPlans = new Map<string, { ref: PlanRef; count: number }>();
  private readonly watchedLines = new Map<string, { ref: LineRef; count: number }>();
  private readonly channel: HubChannel;

  constructor(
    createConnection: () => HubConnectionLike = () => createHubConnection(STATION_CHANNEL),
    manager?: ConnectionManager,
  ) {
    this.channel = new HubChannel({
      channel: STATION_CHANNEL,
      manager,
      createConnection: () => {
        const connection = createConnection();
        connection.on('newPlanInfo', (value: unknown) =>
          this.plans.enqueue(Array.isArray(value) ? value.filter(isPlanInfo) : []),
        );
        connection.on('newLineInfo', (value: unknown) =>
          this.lines.enqueue(Array.isArray(value) ? value.filter(isLineInfo) : []),
        );
        const stationEvent = (pick: (part: Record<string, unknown>) => Partial<StationLiveState>) => {
          return (value: unknown) => {
            if (!Array.isArray(value)) return;
            for (const part of value.filter(isStationPart))
              this.states.enqueue(part.stationNumber, pick(part));
          };
        };
        connection.on(
          'newDialState',
          stationEvent((p) => ({ dialState: p.dialState as StationLiveState['dialState'] })),
        );
        connection.on(
          'newTimestamp',
          stationEvent((p) => ({
            timestamp: p.timestamp as number,
            lastConnection: (p.lastConnection ?? null) as number | null,
          })),
        );
        connection.on(
          'newDialCounter',
          stationEvent((p) => ({
            dialCounters: {
              mobileNetworkStandard: String(p.mobileNetworkStandard ?? ''),
              dayCounter: Number(p.dayCounter ?? 0),
              monthCounter: Number(p.monthCounter ?? 0),
              yearCounter: Number(p.yearCounter ?? 0),
            },
          })),
        );
        return connection;
      },
      onConnected: async (connection) => {
        await subscribeInBatches(
          connection,
          'SubscribeToStations',
          [...this.watchedStations.values()].map((w) => w.ref),
        );
        await subscribeInBatches(
          connection,
          'SubscribeToPlans',
          [...this.watchedPlans.values()].map((w) => w.ref),
        );
        await subscribeInBatches(
          connection,
          'SubscribeToLines',
          [...this.watchedLines.values()].map((w) => w.ref),
        );
      },
    });
  }

  /** Keeps these plans and lines live while held; call the returned function when done. */
  watch(plans: readonly PlanRef[], lines: readonly LineRef[]): () => void {
    const newPlans = this.add(this.watchedPlans, plans, planKey);
    const newLines = this.add(this.watchedLines, lines, lineKey);
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    if (connection) {
      // Already connected: subscribe what is new now (a later reconnect subscribes everything).
      void subscribeInBatches(connection, 'SubscribeToPlans', newPlans)
        .then(() => subscribeInBatches(connection, 'SubscribeToLines', newLines))
        .catch(() => {});
    }
    return () => {
      this.remove(this.watchedPlans, plans, planKey);
      this.remove(this.watchedLines, lines, lineKey);
      release();
    };
  }

  /** Keeps these stations' dial states live while held (SubscribeToStations). */
  watchStations(stations: readonly number[]): () => void {
    const added = this.add(this.watchedStations, stations, String);
    const release = this.channel.acquire();
    const connection = this.channel.connected;
    if (connection) void subscribeInBatches(connection, 'SubscribeToStations', added).catch(() => {});
    return () => {
      this.remove(this.watchedStations, stations, String);
      release();
    };
  }

  private add<R>(
    map: Map<string, { ref: R; count: number }>,
    refs: readonly R[],
    key: (r: R) => string,
  ): R[] {
    const added: R[] = [];
    for (const ref of refs) {
      const entry = map.get(key(ref));
      if (entry) entry.count += 1;
      else {
        map.set(key(ref), { ref, count: 1 });
        added.push(ref);
      }
    }
    return added;
  }

  private remove<R>(map: Map<string, { ref: R; count: number }>, refs: readonly R[], key: (r: R) => string) {
    for (const ref of refs) {
      const entry = map.get(key(ref));
      if (entry && --entry.count === 0) map.delete(key(ref));
    }
  }
}

/** The app's station alarm channel; created when a remote-alarm screen is first opened. */
export const stationAlarmHub = new StationAlarmHub();
