import type { TimeWindow } from '../time/quick-ranges.js';
import { zonedParts, zonedToEpoch, type ZonedDateTime } from '../time/zoned.js';

/**
 * Time units of screens §3 "Time units": the plural names of the range pickers, Custom, and the
 * singular names of chart configs. Second and Unspecified exist but cannot be turned into a window.
 */
export const TIME_UNITS = [
  'Years',
  'Months',
  'Weeks',
  'Days',
  'Hours',
  'Minutes',
  'Custom',
  'Year',
  'Month',
  'Week',
  'Day',
  'Hour',
  'Minute',
  'Second',
  'Unspecified',
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** True for a time unit name (e.g. the `unit` parameter of a trend line address). */
export function isTimeUnit(value: unknown): value is TimeUnit {
  return typeof value === 'string' && (TIME_UNITS as readonly string[]).includes(value);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Period = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';
const PERIOD_OF: Partial<Record<TimeUnit, Period>> = {
  Years: 'year',
  Year: 'year',
  Months: 'month',
  Month: 'month',
  Weeks: 'week',
  Week: 'week',
  Days: 'day',
  Day: 'day',
  Hours: 'hour',
  Hour: 'hour',
  Minutes: 'minute',
  Minute: 'minute',
};

type LocalDate = Pick<ZonedDateTime, 'year' | 'month' | 'day'>;
const midnight = (date: LocalDate, timeZone: string) =>
  zonedToEpoch(
    { year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0 },
    timeZone,
  );

/** Monday 0 … Sunday 6 of a local date (screens §4, §9: the week starts on Monday). */
function weekdayFromMonday(date: LocalDate): number {
  return (new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7;
}

/**
 * The window of "the last `factor` `unit`s" at `now` in a time zone (IANA name), screens §4.
 * Start and end are inclusive, as in every TimeWindow.
 *
 * - Minutes and hours are rolling: the window ends now and is `factor` × 60 s or 3600 s long.
 * - Days end at the end of the current local day (the spec's timezone-offset adjustment: the
 *   end moves from now to the plant's next midnight, minus 1 ms) and start `factor` local days
 *   before that midnight. One day is therefore today; a DST day is 23 or 25 hours long.
 * - Weeks end at the end of the current week, which starts on Monday, and start `factor`
 *   Mondays before the next one.
 * - Months and years are calendar periods too: they end at the end of the current month or
 *   year and start at the first day of the month or year `factor − 1` periods earlier.
 *
 * The singular units of chart configs (Hour, Day, Week, Month, Year, Minute) follow the same
 * rules. Calendar units need a whole factor; every factor must be positive and finite.
 * Custom has no length of its own (a custom range carries its own start and end), Second and
 * Unspecified are unsupported for conversion: all three throw a RangeError.
 */
export function resolveTimeSpan(factor: number, unit: TimeUnit, now: number, timeZone: string): TimeWindow {
  if (unit === 'Custom') {
    throw new RangeError('Time span unit Custom is unsupported: a custom range has its own start and end');
  }
  const period = PERIOD_OF[unit];
  if (period === undefined) throw new RangeError(`Time span unit ${unit} is unsupported for conversion`);
  if (!Number.isFinite(factor) || factor <= 0) {
    throw new RangeError(`Time span factor must be a positive number, got ${factor}`);
  }
  if (period === 'minute') return { start: now - factor * MINUTE_MS, end: now };
  if (period === 'hour') return { start: now - factor * HOUR_MS, end: now };
  if (!Number.isInteger(factor)) {
    throw new RangeError(`Time span factor of ${unit} must be a whole number, got ${factor}`);
  }
  const today = zonedParts(now, timeZone);
  const at = (date: LocalDate) => midnight(date, timeZone);
  const window = (startDate: LocalDate, nextDate: LocalDate) => ({
    start: at(startDate),
    end: at(nextDate) - 1,
  });
  switch (period) {
    case 'day':
      return window({ ...today, day: today.day + 1 - factor }, { ...today, day: today.day + 1 });
    case 'week': {
      const nextMonday = today.day - weekdayFromMonday(today) + 7;
      return window({ ...today, day: nextMonday - 7 * factor }, { ...today, day: nextMonday });
    }
    case 'month':
      return window(
        { year: today.year, month: today.month + 1 - factor, day: 1 },
        { year: today.year, month: today.month + 1, day: 1 },
      );
    default:
      return window(
        { year: today.year + 1 - factor, month: 1, day: 1 },
        { year: today.year + 1, month: 1, day: 1 },
      );
  }
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const ISO_DURATION = new RegExp(
  `^([+-])?P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?` +
    `(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
  'i',
);
/** Length of each ISO 8601 duration field, in order Y M W D H M S. Years and months are nominal. */
const FIELD_MS = [365 * DAY_MS, 30 * DAY_MS, 7 * DAY_MS, DAY_MS, HOUR_MS, MINUTE_MS, 1000];
const PLAIN_MS = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * The archive chart's `start` parameter: how far back from now the chart starts, as a negative
 * offset in ms (start = now + offset). Accepts an ISO 8601 duration (`-P7D`, `P1DT2H`, `PT90M`,
 * `P2W`, fractions with `.` or `,`) or a plain number of milliseconds; the sign is optional and
 * the offset always goes back. A duration has no calendar to count in, so a day is 24 h, a
 * month 30 days and a year 365 days (the nominal lengths .NET and XML Schema use for a
 * duration turned into a time span). Null when the text is not such a duration, has no
 * fields, is zero (no window) or too large to be a time.
 */
export function parseStartOffset(text: string): number | null {
  const trimmed = text.trim();
  let ms: number;
  if (PLAIN_MS.test(trimmed)) {
    ms = Math.round(Math.abs(Number(trimmed)));
  } else {
    const match = ISO_DURATION.exec(trimmed);
    if (!match || /T$/i.test(trimmed)) return null;
    const fields = match.slice(2);
    if (fields.every((field) => field === undefined)) return null;
    ms = Math.round(
      fields.reduce(
        (sum, field, i) => sum + (field ? Number(field.replace(',', '.')) * (FIELD_MS[i] ?? 0) : 0),
        0,
      ),
    );
  }
  if (ms === 0 || !Number.isSafeInteger(ms)) return null;
  return -ms;
}
