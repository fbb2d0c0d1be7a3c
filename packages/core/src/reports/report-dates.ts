import type { LocalDate } from '../pv/counter.js';
import { addLocalDays, addLocalMonths, localDateTimeOf, startOfLocalDay } from './zoned-time.js';

/** Report kinds: day, week, month, year, stormwater overflow and special reports (screens §1, §2). */
export const REPORT_CONFIG_KINDS = ['day', 'week', 'month', 'year', 'overflow', 'special'] as const;
/** One of the report kinds. */
export type ReportConfigKind = (typeof REPORT_CONFIG_KINDS)[number];

/** Whether a value is one of the report kinds. */
export function isReportConfigKind(value: unknown): value is ReportConfigKind {
  return typeof value === 'string' && (REPORT_CONFIG_KINDS as readonly string[]).includes(value);
}

/** Row length of a day report: hours, or quarter hours as utilities print daily logs. */
export const DAY_REPORT_RESOLUTIONS = ['hour', 'quarterHour'] as const;
/** One of the day report row lengths. */
export type DayReportResolution = (typeof DAY_REPORT_RESOLUTIONS)[number];

/** Default week report date: 6 days back (screens §9), so the default week ends today. */
export const DEFAULT_WEEK_REPORT_DAYS_BACK = 6;

/** Parses a report date `yyyy-MM-dd` (calls §9); null unless it is a real calendar date. */
export function parseLocalDate(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = addLocalDays({ year, month, day }, 0);
  return check.year === year && check.month === month && check.day === day && year >= 1970
    ? { year, month, day }
    : null;
}

/** Formats a date as `yyyy-MM-dd` (calls §9). */
export function formatLocalDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The date the report of a kind opens with: today, for week reports 6 days back (screens §9). */
export function defaultReportDate(kind: ReportConfigKind, today: LocalDate): LocalDate {
  return kind === 'week' ? addLocalDays(today, -DEFAULT_WEEK_REPORT_DAYS_BACK) : today;
}

/** One row of a report: a time interval [from, to) and its label. */
export interface ReportInterval {
  from: number;
  to: number;
  /** Local label: `HH:mm` for hours and quarter hours, `dd.MM.yyyy` for days, `MM.yyyy` for months. */
  label: string;
}

/** The whole span of a report and its rows. */
export interface ReportRange {
  from: number;
  to: number;
  intervals: ReportInterval[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR = 3_600_000;

function byDays(first: LocalDate, count: number, timeZone: string): ReportInterval[] {
  const rows: ReportInterval[] = [];
  for (let i = 0; i < count; i++) {
    const d = addLocalDays(first, i);
    rows.push({
      from: startOfLocalDay(d, timeZone),
      to: startOfLocalDay(addLocalDays(d, 1), timeZone),
      label: `${pad(d.day)}.${pad(d.month)}.${d.year}`,
    });
  }
  return rows;
}

/** Fixed steps over one local day (hours, quarter hours): 23 or 25 hours on DST days. */
function withinDay(date: LocalDate, stepMs: number, timeZone: string): ReportInterval[] {
  const from = startOfLocalDay(date, timeZone);
  const to = startOfLocalDay(addLocalDays(date, 1), timeZone);
  const rows: ReportInterval[] = [];
  for (let t = from; t < to; t += stepMs) {
    const local = localDateTimeOf(t, timeZone);
    rows.push({ from: t, to: Math.min(t + stepMs, to), label: `${pad(local.hour)}:${pad(local.minute)}` });
  }
  return rows;
}

/**
 * The time span and rows of a report in the plant's time zone: a day report has hourly rows
 * (quarter-hour rows with the resolution `quarterHour`),
 * a week report the seven days from its date, month and stormwater overflow reports the days of
 * the month, a year report its months, and a special report the quarter hours of its day.
 */
export function reportRange(
  kind: ReportConfigKind,
  date: LocalDate,
  timeZone: string,
  resolution: DayReportResolution = 'hour',
): ReportRange {
  let intervals: ReportInterval[];
  switch (kind) {
    case 'day':
      intervals = withinDay(date, resolution === 'quarterHour' ? HOUR / 4 : HOUR, timeZone);
      break;
    case 'special':
      intervals = withinDay(date, HOUR / 4, timeZone);
      break;
    case 'week':
      intervals = byDays(date, 7, timeZone);
      break;
    case 'month':
    case 'overflow': {
      const first = { ...date, day: 1 };
      const next = addLocalMonths(first, 1);
      const days = Math.round(
        (Date.UTC(next.year, next.month - 1, 1) - Date.UTC(first.year, first.month - 1, 1)) / (24 * HOUR),
      );
      intervals = byDays(first, days, timeZone);
      break;
    }
    case 'year':
      intervals = Array.from({ length: 12 }, (_, i) => {
        const m = addLocalMonths({ year: date.year, month: 1, day: 1 }, i);
        return {
          from: startOfLocalDay(m, timeZone),
          to: startOfLocalDay(addLocalMonths(m, 1), timeZone),
          label: `${pad(m.month)}.${m.year}`,
        };
      });
      break;
  }
  const first = intervals[0];
  const last = intervals[intervals.length - 1];
  if (!first || !last) throw new Error(`report ${kind} has no rows`);
  return { from: first.from, to: last.to, intervals };
}
