import { SUBSCRIBE_BATCH, type Station } from '@leitwarte/core';
import type { SessionPrincipal } from '../auth/session-gate.js';
import type { Backplane } from './backplane.js';
import { HubError, expectArgumentCount, type HubClient, type HubDefinition, type HubHost } from './hub.js';
import { STATION_EVENTS, StationSubscriptions, stationUpdates } from './station-subscriptions.js';
import { createTickThrottle, type TickThrottle } from './tick-throttle.js';

export interface StationHubOptions {
  backplane: Backplane;
  /** Current stations (the plant's). */
  stations: () => readonly Station[];
  canReadStation: (principal: SessionPrincipal, stationNumber: number) => boolean;
  /** At most one batch per event and connection per tick. */
  tickMs: number;
  /** A socket with more unsent bytes than this is skipped for the tick (slow reader). */
  maxBufferedBytes?: number;
}

/** Reply of SubscribeToStations. */
export interface StationSubscribeReply {
  subscribed: number[];
  missingStations: number[];
  unauthorizedStations: number[];
}

const MAX_BUFFERED = 1024 * 1024;

/** The single argument of (Un)SubscribeToStations: ≤ 1024 station numbers (calls §9). */
function parseNumbers(args: readonly unknown[]): number[] {
  expectArgumentCount(args, 1);
  const raw = args[0];
  if (!Array.isArray(raw)) throw new HubError('Expected an array of station numbers.');
  if (raw.length > SUBSCRIBE_BATCH) {
    throw new HubError(`At most ${SUBSCRIBE_BATCH} station numbers per call, got ${raw.length}.`);
  }
  raw.forEach((item: unknown, index) => {
    if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < 0) {
      throw new HubError(`Invalid station number at index ${index}.`);
    }
  });
  return [...new Set(raw as number[])];
}

/**
 * The `/hubs/station` channel: SubscribeToStations / UnsubscribeFromStations and the events
 * newDialState, newTimestamp and newDialCounter, each with an array of per-station updates.
 * A subscription gets the current state at once; later only what changed, conflated per tick.
 */
export function createStationHub(options: StationHubOptions): HubDefinition<StationSubscriptions> {
  const { backplane, stations, canReadStation, tickMs } = options;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED;
  const seen = new Map<number, Station>();
  const subscribers = new Map<number, Set<StationSubscriptions>>();
  let host: HubHost<StationSubscriptions> | null = null;
  let throttle: TickThrottle | null = null;

  function flush(): void {
    let left = false;
    for (const client of host?.connections() ?? []) {
      if (client.state.pendingCount === 0) continue;
      if (client.bufferedAmount > maxBuffered) {
        left = true;
        continue;
      }
      for (const event of STATION_EVENTS) {
        const batch = client.state.take(event);
        if (batch.length > 0) client.send(event, [batch]);
      }
    }
    if (left) throttle?.request();
  }

  function onStations(changed: readonly Station[]): void {
    for (const station of changed) {
      const updates = stationUpdates(station, seen.get(station.stationNumber));
      seen.set(station.stationNumber, station);
      for (const state of subscribers.get(station.stationNumber) ?? []) state.offer(updates);
    }
    throttle?.request();
  }

  function subscribe(
    client: HubClient<StationSubscriptions>,
    args: readonly unknown[],
  ): StationSubscribeReply {
    const reply: StationSubscribeReply = { subscribed: [], missingStations: [], unauthorizedStations: [] };
    const known = new Map(stations().map((s) => [s.stationNumber, s]));
    for (const number of parseNumbers(args)) {
      const station = known.get(number);
      if (station === undefined) reply.missingStations.push(number);
      else if (!canReadStation(client.principal, number)) reply.unauthorizedStations.push(number);
      else {
        reply.subscribed.push(number);
        client.state.add(number);
        const set = subscribers.get(number) ?? new Set();
        set.add(client.state);
        subscribers.set(number, set);
        client.state.offer(stationUpdates(station, undefined));
      }
    }
    throttle?.request();
    return reply;
  }

  function unsubscribe(client: HubClient<StationSubscriptions>, args: readonly unknown[]): void {
    for (const number of parseNumbers(args)) {
      client.state.remove(number);
      subscribers.get(number)?.delete(client.state);
    }
  }

  return {
    name: 'station',
    methods: { SubscribeToStations: subscribe, UnsubscribeFromStations: unsubscribe },
    createState: () => new StationSubscriptions(),
    onDisconnected(client) {
      for (const number of client.state.numbers()) subscribers.get(number)?.delete(client.state);
    },
    inspect: (state) => ({ subscribed: state.subscribedCount, pending: state.pendingCount }),
    start(hubHost) {
      host = hubHost;
      throttle = createTickThrottle(tickMs, flush);
      for (const station of stations()) seen.set(station.stationNumber, station);
      const stop = backplane.subscribe('stations.changed', onStations);
      return () => {
        stop();
        throttle?.stop();
        throttle = null;
        host = null;
      };
    },
  };
}
