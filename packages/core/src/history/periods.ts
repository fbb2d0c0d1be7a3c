import { zonedParts, zoneOffsetMs } from '../time/zoned.js';
import { DAY_MS, QUARTER_HOUR_MS } from './archive.js';

/** The rollup archives (screens §3 data sources without the raw archive). */
export type RollupArchive = 'QuarterHourValues' | 'DayValues' | 'MonthValues';

/** Start of the quarter hour of a time (screens §9: 15 minutes; every zone's offset is a multiple of 15 min). */
export function quarterHourStart(t: number): number {
  return Math.floor(t / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
}

/**
 * Local calendar periods of one time zone: start of the local day and month of a time, with the
 * next one. Day and month values follow the plant's day, so a day is 23 or 25 hours long at a DST
 * change. The last day and month found are cached: samples come mostly in time order.
 */
export interface LocalPeriods {
  readonly timeZone: string;
  dayStart(t: number): number;
  nextDay(dayStart: number): number;
  monthStart(t: number): number;
  nextMonth(monthStart: number): number;
  /** Period start of a time in one of the rollup archives. */
  periodStart(archive: RollupArchive, t: number): number;
  /** Start of the period after the one starting at `start`. */
  nextPeriod(archive: RollupArchive, start: number): number;
}

/** Local periods of a time zone (IANA name, e.g. Europe/Berlin). */
export function createLocalPeriods(timeZone: string): LocalPeriods {
  const partsOf = (t: number) => zonedParts(t, timeZone);
  const offsetAt = (t: number) => zoneOffsetMs(t, timeZone);
  /** The instant of local midnight at the start of a local date. */
  const midnight = ({ year, month, day }: LocalParts) => {
    const wall = Date.UTC(year, month - 1, day);
    // Offset at the guess, then again at the result: right on both sides of a DST change.
    let t = wall - offsetAt(wall);
    t = wall - offsetAt(t);
    return t;
  };
  let dayCache = { from: 1, to: 0 };
  let monthCache = { from: 1, to: 0 };

  const dayStart = (t: number) => {
    if (t >= dayCache.from && t < dayCache.to) return dayCache.from;
    const p = partsOf(t);
    const from = midnight(p);
    const d = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
    const to = midnight({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
    dayCache = { from, to };
    return from;
  };
  const monthStart = (t: number) => {
    if (t >= monthCache.from && t < monthCache.to) return monthCache.from;
    const p = partsOf(t);
    const from = midnight({ year: p.year, month: p.month, day: 1 });
    const d = new Date(Date.UTC(p.year, p.month, 1));
    const to = midnight({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: 1 });
    monthCache = { from, to };
    return from;
  };
  // A day is at least 23 h long and a month at least 28 days: one step past the start lands inside.
  const nextDay = (start: number) => dayStart(dayStart(start) + DAY_MS + 2 * 3600_000);
  const nextMonth = (start: number) => monthStart(monthStart(start) + 32 * DAY_MS);
  return {
    timeZone,
    dayStart,
    nextDay,
    monthStart,
    nextMonth,
    periodStart(archive, t) {
      if (archive === 'QuarterHourValues') return quarterHourStart(t);
      return archive === 'DayValues' ? dayStart(t) : monthStart(t);
    },
    nextPeriod(archive, start) {
      if (archive === 'QuarterHourValues') return quarterHourStart(start) + QUARTER_HOUR_MS;
      return archive === 'DayValues' ? nextDay(start) : nextMonth(start);
    },
  };
}
