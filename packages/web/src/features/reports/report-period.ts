import {
  addLocalDays,
  addLocalMonths,
  defaultReportDate,
  formatLocalDate,
  localDateTimeOf,
  parseLocalDate,
  type LocalDate,
  type ReportConfigKind,
} from '@leitwarte/core';

/** The report kinds with a table of rows per period (a special report covers one day). */
export type PeriodKind = 'day' | 'week' | 'month' | 'year' | 'special';

/** Today in the plant's time zone (reports count the plant's days, not the browser's). */
export function plantToday(timeZone: string, now = Date.now()): LocalDate {
  const l = localDateTimeOf(now, timeZone);
  return { year: l.year, month: l.month, day: l.day };
}

/**
 * The report date of the address (`?date=yyyy-MM-dd`), or the kind's default (today, for week
 * reports 6 days back); `invalid` when the address carried a date that is none.
 */
export function reportDateOf(
  text: string | null,
  kind: ReportConfigKind,
  today: LocalDate,
): { date: string; invalid: boolean } {
  const parsed = text === null ? null : parseLocalDate(text);
  if (parsed) return { date: formatLocalDate(parsed), invalid: false };
  return { date: formatLocalDate(defaultReportDate(kind, today)), invalid: text !== null };
}

/** The report date one period earlier (-1) or later (+1): a day, a week, a month, a year. */
export function stepReportDate(date: string, kind: PeriodKind, direction: -1 | 1): string {
  const d = parseLocalDate(date);
  if (!d) return date;
  switch (kind) {
    case 'day':
    case 'special':
      return formatLocalDate(addLocalDays(d, direction));
    case 'week':
      return formatLocalDate(addLocalDays(d, 7 * direction));
    case 'month':
      return formatLocalDate(addLocalMonths(d, direction));
    case 'year':
      return formatLocalDate({ year: d.year + direction, month: d.month, day: 1 });
  }
}
