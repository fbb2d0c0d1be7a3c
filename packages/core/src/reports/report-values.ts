import type { ProcessValue } from '../pv/pv-value.js';
import type { LocalDate } from '../pv/counter.js';
import { addLocalDays, addLocalMonths, localDateTimeOf, zonedTimeToUtc } from './zoned-time.js';

/** What a report column shows of its PV per row (screens §3 "Report data" reportValueType). */
export const REPORT_VALUE_TYPES = [
  'Aktuell',
  'Mittelwert',
  'Minwert',
  'Maxwert',
  'Summe',
  'Differenz',
] as const;
/** One of the report value types. */
export type ReportValueType = (typeof REPORT_VALUE_TYPES)[number];

/** Units of a data binding's offset (screens §3 "Time units", the convertible ones). */
export const OFFSET_UNITS = ['Minutes', 'Hours', 'Days', 'Weeks', 'Months', 'Years'] as const;
/** One of the offset units. */
export type OffsetUnit = (typeof OFFSET_UNITS)[number];

/** What is known of a PV's samples within one interval. */
export interface SampleSummary {
  count: number;
  first: number;
  last: number;
  min: number;
  max: number;
  sum: number;
}

/** Summary of a list of numbers; null for none. */
export function summarise(values: readonly number[]): SampleSummary | null {
  const first = values[0];
  const last = values[values.length - 1];
  if (first === undefined || last === undefined) return null;
  let min = first;
  let max = first;
  let sum = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return { count: values.length, first, last, min, max, sum };
}

/** Merges summaries of consecutive parts of an interval (in time order). */
export function mergeSummaries(parts: readonly SampleSummary[]): SampleSummary | null {
  const first = parts[0];
  const last = parts[parts.length - 1];
  if (!first || !last) return null;
  return parts.reduce((acc, p) => ({
    count: acc.count + p.count,
    first: acc.first,
    last: p.last,
    min: Math.min(acc.min, p.min),
    max: Math.max(acc.max, p.max),
    sum: acc.sum + p.sum,
  }));
}

/**
 * The value of a report cell from the samples of its interval: Aktuell the last, Mittelwert
 * the mean, Minwert/Maxwert the extremes, Differenz last − first (a meter's advance). Summe is
 * the advance for counters and, for rates per hour (m³/h, kW), the mean times the hours, i.e.
 * the amount (m³, kWh).
 */
export function reportValue(
  summary: SampleSummary | null,
  type: ReportValueType,
  options: { counter: boolean; hours: number },
): number | null {
  if (!summary) return null;
  switch (type) {
    case 'Aktuell':
      return summary.last;
    case 'Mittelwert':
      return summary.sum / summary.count;
    case 'Minwert':
      return summary.min;
    case 'Maxwert':
      return summary.max;
    case 'Differenz':
      return summary.last - summary.first;
    case 'Summe':
      return options.counter ? summary.last - summary.first : (summary.sum / summary.count) * options.hours;
  }
}

const MINUTE = 60_000;

/**
 * An instant moved by a data binding's offset: minutes and hours as elapsed time, days and
 * longer on the plant's calendar (so a day offset stays at local midnight over DST changes).
 */
export function shiftByOffset(ms: number, offset: number, unit: OffsetUnit, timeZone: string): number {
  if (offset === 0) return ms;
  if (unit === 'Minutes') return ms + offset * MINUTE;
  if (unit === 'Hours') return ms + offset * 60 * MINUTE;
  const local = localDateTimeOf(ms, timeZone);
  const date: LocalDate = { year: local.year, month: local.month, day: local.day };
  let moved: LocalDate;
  if (unit === 'Days' || unit === 'Weeks') moved = addLocalDays(date, offset * (unit === 'Weeks' ? 7 : 1));
  else {
    const months = offset * (unit === 'Years' ? 12 : 1);
    const first = addLocalMonths(date, months);
    // Keep the day of month, clamped to the target month's length (31 Jan + 1 month = 28/29 Feb).
    const lastDay = addLocalDays(addLocalMonths(first, 1), -1).day;
    moved = { ...first, day: Math.min(date.day, lastDay) };
  }
  return zonedTimeToUtc({ ...moved, hour: local.hour, minute: local.minute }, timeZone) + (ms % MINUTE);
}

/** The number a report takes of a process value; none from Bad values or from text-like kinds. */
export function reportNumberOf(value: ProcessValue): number | null {
  if (value.quality === 'Bad') return null;
  switch (value.type) {
    case 'DoubleValue':
      return value.doubleValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    case 'BoolValue':
      return value.boolValue ? 1 : 0;
    default:
      return null;
  }
}
