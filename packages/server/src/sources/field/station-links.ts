import type { DialState, LocalDate } from '@leitwarte/core';
import type { StationDefinition } from '../../plant/definition-types.js';
import type { StationUpdate } from '../data-source.js';

interface Link {
  def: StationDefinition;
  state: DialState;
  timestamp: number;
  lastConnection: number | null;
  counters: { day: number; month: number; year: number };
  date: LocalDate | null;
}

/**
 * Dial state of the stations on a field source: Connected while their device is reachable,
 * ConnectionError when it is not (an alert, screens §4 "station connection"), NotDefined while the
 * source is stopped. The dial counters count connections per local day, month and year, as a
 * permanent line counts its reconnections.
 */
export function createStationLinks(defs: readonly StationDefinition[], localDate: (ms: number) => LocalDate) {
  const links = defs.map<Link>((def) => ({
    def,
    state: 'NotDefined',
    timestamp: 0,
    lastConnection: null,
    counters: { day: 0, month: 0, year: 0 },
    date: null,
  }));

  const update = (link: Link): StationUpdate => ({
    stationNumber: link.def.number,
    dialState: link.state,
    timestamp: link.timestamp,
    lastConnection: link.lastConnection,
    dialCounters: {
      mobileNetworkStandard: link.def.mobileNetworkStandard,
      dayCounter: link.counters.day,
      monthCounter: link.counters.month,
      yearCounter: link.counters.year,
    },
  });

  /** Resets the counters of periods that ended; true when one was. */
  const roll = (link: Link, now: number): boolean => {
    const date = localDate(now);
    const before = link.date;
    link.date = date;
    if (before === null) return false;
    const year = before.year !== date.year;
    const month = year || before.month !== date.month;
    const day = month || before.day !== date.day;
    if (day) link.counters.day = 0;
    if (month) link.counters.month = 0;
    if (year) link.counters.year = 0;
    return day;
  };

  return {
    /** Applies each station's reachability (null: unknown); returns the stations that changed. */
    apply(reachable: (stationNumber: number) => boolean | null, now: number): StationUpdate[] {
      const changed: StationUpdate[] = [];
      for (const link of links) {
        const up = reachable(link.def.number);
        const next: DialState = up === null ? 'NotDefined' : up ? 'Connected' : 'ConnectionError';
        if (next === link.state) continue;
        roll(link, now);
        link.state = next;
        link.timestamp = now;
        if (next === 'Connected') {
          link.lastConnection = now;
          link.counters.day++;
          link.counters.month++;
          link.counters.year++;
        }
        changed.push(update(link));
      }
      return changed;
    },
    /** Counters of a new day, month or year; returns the stations whose counters were reset. */
    rollover(now: number): StationUpdate[] {
      return links.filter((link) => roll(link, now)).map(update);
    },
    current(): StationUpdate[] {
      return links.map(update);
    },
  };
}
