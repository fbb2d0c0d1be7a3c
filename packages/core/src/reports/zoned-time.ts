import type { LocalDate } from '../pv/counter.js';
import { zonedParts, zoneOffsetMs } from '../time/zoned.js';

/** Wall-clock date and time in a time zone. */
export interface LocalDateTime extends LocalDate {
  hour: number;
  minute: number;
}

/** Wall-clock date and time of an instant in a time zone (IANA name). */
export function localDateTimeOf(ms: number, timeZone: string): LocalDateTime & { second: number } {
  return zonedParts(ms, timeZone);
}

/**
 * The instant of a wall-clock time in a time zone. A time skipped by the spring DST change is
 * moved forward by the gap (02:30 → 03:30); a repeated autumn time is its first occurrence.
 */
export function zonedTimeToUtc(local: LocalDateTime, timeZone: string): number {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  if (first === second) return first;
  // Two candidates: take the earlier one that shows the wanted wall time, else the later (gap).
  const earlier = Math.min(first, second);
  const shown = localDateTimeOf(earlier, timeZone);
  return shown.hour === local.hour && shown.minute === local.minute ? earlier : Math.max(first, second);
}

/** Local midnight at the start of a date in a time zone. */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return zonedTimeToUtc({ ...date, hour: 0, minute: 0 }, timeZone);
}

/** The date a number of days later (or earlier when negative), calendar-correct. */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first of the month a number of months later (or earlier). */
export function addLocalMonths(date: LocalDate, months: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: 1 };
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Monday of the week holding the date; the week starts on Monday (screens §4, §9). */
export function startOfWeek(date: LocalDate): LocalDate {
  return addLocalDays(date, 1 - isoWeekday(date));
}
