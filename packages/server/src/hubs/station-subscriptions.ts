import type { Station } from '@leitwarte/core';

/** The three station events of calls §7 and what each carries. */
export interface StationEvents {
  newDialState: { stationNumber: number; dialState: Station['dialState'] };
  newTimestamp: { stationNumber: number; timestamp: number; lastConnection: number | null };
  newDialCounter: { stationNumber: number } & Station['dialCounters'];
}
export type StationEvent = keyof StationEvents;
export const STATION_EVENTS: readonly StationEvent[] = ['newDialState', 'newTimestamp', 'newDialCounter'];

/** The payloads of one station for the events whose part changed (all three when `previous` is absent). */
export function stationUpdates(station: Station, previous: Station | undefined): Partial<StationEvents> {
  const updates: Partial<StationEvents> = {};
  const { stationNumber } = station;
  if (previous === undefined || previous.dialState !== station.dialState) {
    updates.newDialState = { stationNumber, dialState: station.dialState };
  }
  if (
    previous === undefined ||
    previous.timestamp !== station.timestamp ||
    previous.lastConnection !== station.lastConnection
  ) {
    updates.newTimestamp = {
      stationNumber,
      timestamp: station.timestamp,
      lastConnection: station.lastConnection,
    };
  }
  const a = station.dialCounters;
  const b = previous?.dialCounters;
  if (
    b === undefined ||
    a.dayCounter !== b.dayCounter ||
    a.monthCounter !== b.monthCounter ||
    a.yearCounter !== b.yearCounter ||
    a.mobileNetworkStandard !== b.mobileNetworkStandard
  ) {
    updates.newDialCounter = { stationNumber, ...a };
  }
  return updates;
}

/**
 * The stations one connection subscribed to and its unsent updates: per event and station only
 * the latest, so the queue never holds more than three entries per subscribed station.
 */
export class StationSubscriptions {
  private readonly subscribed = new Set<number>();
  private readonly pending = new Map<StationEvent, Map<number, StationEvents[StationEvent]>>(
    STATION_EVENTS.map((event) => [event, new Map()]),
  );

  has(stationNumber: number): boolean {
    return this.subscribed.has(stationNumber);
  }

  numbers(): IterableIterator<number> {
    return this.subscribed.values();
  }

  add(stationNumber: number): void {
    this.subscribed.add(stationNumber);
  }

  remove(stationNumber: number): void {
    this.subscribed.delete(stationNumber);
    for (const queue of this.pending.values()) queue.delete(stationNumber);
  }

  offer(updates: Partial<StationEvents>): void {
    for (const event of STATION_EVENTS) {
      const update = updates[event];
      if (update !== undefined && this.subscribed.has(update.stationNumber)) {
        this.pending.get(event)?.set(update.stationNumber, update);
      }
    }
  }

  get pendingCount(): number {
    let count = 0;
    for (const queue of this.pending.values()) count += queue.size;
    return count;
  }

  get subscribedCount(): number {
    return this.subscribed.size;
  }

  /** Takes everything queued for one event. */
  take(event: StationEvent): StationEvents[StationEvent][] {
    const queue = this.pending.get(event);
    if (queue === undefined || queue.size === 0) return [];
    const batch = [...queue.values()];
    queue.clear();
    return batch;
  }
}
