import { zonedParts, zonedToEpoch, type ZonedDateTime } from './zoned.js';

/**
 * The quick time ranges of the lists (screens §9), plus `custom`. "Last 28–31 days" is one range,
 * the last month: back to the same day of the previous month, 28 to 31 days by the month's length.
 */
export const QUICK_RANGES = [
  'last3Hours',
  'last6Hours',
  'last12Hours',
  'last24Hours',
  'last7Days',
  'lastMonth',
  'last12Months',
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'thisYear',
] as const;
/** One of the quick ranges. */
export type QuickRange = (typeof QUICK_RANGES)[number];
/** What a range picker offers: a quick range or a custom start and end. */
export type TimeRangeChoice = QuickRange | 'custom';

/** The range the alert list opens with (screens §9: 7 days). */
export const DEFAULT_ALERT_RANGE: QuickRange = 'last7Days';

/** A resolved window: start inclusive, end inclusive (ms since the epoch). */
export interface TimeWindow {
  start: number;
  end: number;
}

const HOUR_MS = 3_600_000;
const HOURS: Partial<Record<QuickRange, number>> = {
  last3Hours: 3,
  last6Hours: 6,
  last12Hours: 12,
  last24Hours: 24,
};
const DAYS: Partial<Record<QuickRange, number>> = {
  last7Days: 7,
};

/** True for a quick range name (e.g. read from the address bar). */
export function isQuickRange(value: unknown): value is QuickRange {
  return typeof value === 'string' && (QUICK_RANGES as readonly string[]).includes(value);
}

const midnightOf = (p: Pick<ZonedDateTime, 'year' | 'month' | 'day'>, timeZone: string) =>
  zonedToEpoch({ year: p.year, month: p.month, day: p.day, hour: 0, minute: 0, second: 0 }, timeZone);

/** Monday 0 … Sunday 6 of a local date (screens §9: the week starts on Monday). */
function weekdayFromMonday(p: Pick<ZonedDateTime, 'year' | 'month' | 'day'>): number {
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
}

/**
 * The window of a quick range at `now` in a time zone (IANA name). Rolling ranges end now and
 * go back in wall-clock days and months, so a DST change keeps local times; calendar ranges
 * (today, this week, …) run from the local start of the period to its end, yesterday ends
 * one millisecond before today's midnight.
 */
export function resolveQuickRange(range: QuickRange, now: number, timeZone: string): TimeWindow {
  const hours = HOURS[range];
  if (hours !== undefined) return { start: now - hours * HOUR_MS, end: now };
  const p = zonedParts(now, timeZone);
  const at = (shift: Partial<ZonedDateTime>) => zonedToEpoch({ ...p, ...shift }, timeZone);
  const days = DAYS[range];
  if (days !== undefined) return { start: at({ day: p.day - days }), end: now };
  const day = (offset: number) => midnightOf({ ...p, day: p.day + offset }, timeZone);
  switch (range) {
    case 'lastMonth': {
      // The same day a month back; from the 31st of March that is the last day of February.
      const lastOfPrevious = zonedParts(midnightOf({ ...p, day: 1 }, timeZone) - 1, timeZone).day;
      return { start: at({ month: p.month - 1, day: Math.min(p.day, lastOfPrevious) }), end: now };
    }
    case 'last12Months':
      return { start: at({ month: p.month - 12 }), end: now };
    case 'today':
      return { start: day(0), end: day(1) - 1 };
    case 'yesterday':
      return { start: day(-1), end: day(0) - 1 };
    case 'thisWeek': {
      const monday = -weekdayFromMonday(p);
      return { start: day(monday), end: day(monday + 7) - 1 };
    }
    case 'thisMonth':
      return {
        start: midnightOf({ ...p, day: 1 }, timeZone),
        end: midnightOf({ ...p, month: p.month + 1, day: 1 }, timeZone) - 1,
      };
    default:
      return {
        start: midnightOf({ year: p.year, month: 1, day: 1 }, timeZone),
        end: midnightOf({ year: p.year + 1, month: 1, day: 1 }, timeZone) - 1,
      };
  }
}

/**
 * Whether a window still grows with time: new alerts or events belong into it, so a list of it
 * merges live updates. Windows that ended before now (yesterday, a past custom range) are fixed.
 */
export function windowFollowsNow(window: TimeWindow, now: number): boolean {
  return window.end >= now;
}
