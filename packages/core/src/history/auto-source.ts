import { DAY_MS } from './archive.js';
import {
  CHART_ARCHIVE_MAXIMA_DEFAULT,
  type ChartDataSource,
  type DataSourcePreset,
} from '../charts/chart-constants.js';

/** Chart config maxima for automatic source selection (screens §3 "Chart config"). */
export interface ArchiveMaxima {
  maxDaysForArchiveValues: number;
  maxMonthsForQuarterHourValues: number;
  maxYearsForDayValues: number;
}

/** A time plus whole calendar months (UTC), the day clamped to the month's length (Jan 31 + 1 = Feb 28/29). */
function plusMonths(t: number, months: number): number {
  const d = new Date(t);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/**
 * The archive Auto reads for a range (screens §3, §9): raw values up to maxDays days, quarter-hour
 * values up to maxMonths months, day values up to maxYears years, month values beyond. Bounds are
 * inclusive, so "last 24 hours" with the default 1 day still shows raw values. An explicit
 * source is returned as it is.
 */
export function selectDataSource(
  choice: DataSourcePreset,
  start: number,
  end: number,
  maxima: ArchiveMaxima = CHART_ARCHIVE_MAXIMA_DEFAULT,
): ChartDataSource {
  if (choice !== 'Auto') return choice;
  if (end - start <= maxima.maxDaysForArchiveValues * DAY_MS) return 'MeasurementArchive';
  if (end <= plusMonths(start, maxima.maxMonthsForQuarterHourValues)) return 'QuarterHourValues';
  if (end <= plusMonths(start, 12 * maxima.maxYearsForDayValues)) return 'DayValues';
  return 'MonthValues';
}
