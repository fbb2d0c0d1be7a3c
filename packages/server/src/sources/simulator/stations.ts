import type { CounterRollover, DialState } from '@leitwarte/core';
import type { StationDefinition } from '../../plant/definition-types.js';
import type { DialAction, StationUpdate } from '../data-source.js';
import { between, chance, type Random } from './random.js';

/** How long a call stays up: a routine call, a call raised by an alert, a call an operator made. */
const HOLD_ROUTINE_MS = 30_000;
const HOLD_ALERT_MS = 60_000;
const HOLD_MANUAL_MS = 10 * 60_000;
const HANG_UP_MS = 2_000;
const RETRY_MS = 2 * 60_000;

interface StationSim {
  def: StationDefinition;
  state: DialState;
  timestamp: number;
  lastConnection: number | null;
  counters: { day: number; month: number; year: number };
  /** When the current dial attempt completes (0: none under way). */
  connectAt: number;
  holdMs: number;
  /** When a connected call hangs up, or a hang-up completes. */
  until: number;
  nextDial: number;
  changed: boolean;
}

/**
 * Dial states of the stations. Permanent stations are Connected while the field connection
 * is up. Dial-up stations call in every `dialIntervalMinutes` (and at once when an alert input
 * becomes active); only while Connected do their values reach the server. The dial counters
 * count established connections per local day, month and year.
 */
export function createStations(
  defs: readonly StationDefinition[],
  random: Random,
  dialFailureRate: () => number,
) {
  const stations = new Map<number, StationSim>(
    defs.map((def) => [
      def.number,
      {
        def,
        state: 'NotDefined',
        timestamp: 0,
        lastConnection: null,
        counters: { day: 0, month: 0, year: 0 },
        connectAt: 0,
        holdMs: HOLD_ROUTINE_MS,
        until: 0,
        nextDial: 0,
        changed: true,
      },
    ]),
  );
  const set = (s: StationSim, state: DialState, now: number) => {
    if (s.state === state) return;
    s.state = state;
    s.timestamp = now;
    s.changed = true;
  };
  const connected = (s: StationSim, now: number) => {
    set(s, 'Connected', now);
    s.lastConnection = now;
    s.counters.day++;
    s.counters.month++;
    s.counters.year++;
  };
  const dialNow = (s: StationSim, now: number, holdMs: number) => {
    if (s.connectAt !== 0 || s.state === 'Connected') return;
    s.connectAt = now + between(random, 2_000, 6_000);
    s.holdMs = holdMs;
  };

  return {
    /** Field connection up: permanent stations connect, dial-up stations call in soon. */
    connect(now: number): void {
      for (const s of stations.values()) {
        s.connectAt = 0;
        if (s.def.connection === 'permanent') connected(s, now);
        else {
          set(s, 'NotConnected', now);
          // Stagger the first calls so the initial image arrives within a minute.
          s.nextDial = now + between(random, 5_000, 60_000);
        }
      }
    },
    /** Field connection lost: nothing is known about any station. */
    unknown(now: number): void {
      for (const s of stations.values()) {
        s.connectAt = 0;
        set(s, 'NotDefined', now);
      }
    },
    step(now: number, rollover: CounterRollover): void {
      for (const s of stations.values()) {
        if (rollover.day || rollover.month || rollover.year) {
          if (rollover.day) s.counters.day = 0;
          if (rollover.month) s.counters.month = 0;
          if (rollover.year) s.counters.year = 0;
          s.changed = true;
        }
        if (s.def.connection !== 'dial' || s.state === 'NotDefined') continue;
        if (s.state === 'Connected' && now >= s.until) {
          set(s, 'HangingUp', now);
          s.until = now + HANG_UP_MS;
        } else if (s.state === 'HangingUp' && now >= s.until) {
          set(s, 'NotConnected', now);
          s.nextDial = now + s.def.dialIntervalMinutes * 60_000;
        } else if (s.connectAt !== 0 && now >= s.connectAt) {
          s.connectAt = 0;
          if (chance(random, dialFailureRate())) {
            set(s, random() < 0.5 ? 'TimeOut' : 'ConnectionError', now);
            s.nextDial = now + RETRY_MS;
          } else {
            connected(s, now);
            s.until = now + s.holdMs;
          }
        } else if (
          s.connectAt === 0 &&
          s.state !== 'Connected' &&
          s.state !== 'HangingUp' &&
          now >= s.nextDial
        ) {
          dialNow(s, now, HOLD_ROUTINE_MS);
        }
      }
    },
    /** Whether values of a station reach the server now. */
    reachable(stationNumber: number): boolean {
      return stations.get(stationNumber)?.state === 'Connected';
    },
    /** A dial-up station with an active alert input calls in at once. */
    alert(stationNumber: number, now: number): void {
      const s = stations.get(stationNumber);
      if (s && s.def.connection === 'dial' && s.state !== 'NotDefined') dialNow(s, now, HOLD_ALERT_MS);
    },
    /** An operator's dial action (screens §9 dial confirmation actions). */
    request(stationNumber: number, action: DialAction, now: number): void {
      const s = stations.get(stationNumber);
      if (!s) throw new Error(`unknown station ${stationNumber}`);
      if (s.state === 'NotDefined') throw new Error('no connection to the field');
      s.changed = true;
      if (action === 'Status') return;
      if (s.def.connection === 'permanent') {
        if (action === 'Disconnect') throw new Error(`station ${stationNumber} has a permanent line`);
        return;
      }
      if (action === 'Connect') {
        if (s.state === 'Connected') s.until = Math.max(s.until, now + HOLD_MANUAL_MS);
        else if (s.state !== 'HangingUp') dialNow(s, now, HOLD_MANUAL_MS);
        return;
      }
      s.connectAt = 0;
      if (s.state === 'Connected') {
        set(s, 'HangingUp', now);
        s.until = now + HANG_UP_MS;
      }
    },
    /** Updates of the stations that changed since the last call. */
    drainUpdates(): StationUpdate[] {
      const updates: StationUpdate[] = [];
      for (const s of stations.values()) {
        if (!s.changed) continue;
        s.changed = false;
        updates.push({
          stationNumber: s.def.number,
          dialState: s.state,
          timestamp: s.timestamp,
          lastConnection: s.lastConnection,
          dialCounters: {
            mobileNetworkStandard: s.def.mobileNetworkStandard,
            dayCounter: s.counters.day,
            monthCounter: s.counters.month,
            yearCounter: s.counters.year,
          },
        });
      }
      return updates;
    },
  };
}

export type StationsSim = ReturnType<typeof createStations>;
