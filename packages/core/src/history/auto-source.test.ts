import { describe, expect, it } from 'vitest';
import { DAY_MS } from './archive.js';
import { selectDataSource } from './auto-source.js';

// screens §3 "Chart config" maxima and §9 "Chart archive maxima default 1 day, 1 month, 1 year".
describe('Auto data source', () => {
  const start = Date.UTC(2025, 0, 31, 6);
  it('picks raw values up to one day, inclusive', () => {
    expect(selectDataSource('Auto', start, start + DAY_MS)).toBe('MeasurementArchive');
    expect(selectDataSource('Auto', start, start + DAY_MS + 1)).toBe('QuarterHourValues');
  });
  it('picks quarter-hour values up to one calendar month (31 Jan + 1 month = 28 Feb)', () => {
    expect(selectDataSource('Auto', start, Date.UTC(2025, 1, 28, 6))).toBe('QuarterHourValues');
    expect(selectDataSource('Auto', start, Date.UTC(2025, 1, 28, 6) + 1)).toBe('DayValues');
  });
  it('picks day values up to one year and month values beyond', () => {
    expect(selectDataSource('Auto', start, Date.UTC(2026, 0, 31, 6))).toBe('DayValues');
    expect(selectDataSource('Auto', start, Date.UTC(2026, 0, 31, 6) + 1)).toBe('MonthValues');
  });
  it('follows the chart config maxima and leaves explicit sources alone', () => {
    const maxima = { maxDaysForArchiveValues: 7, maxMonthsForQuarterHourValues: 3, maxYearsForDayValues: 2 };
    expect(selectDataSource('Auto', start, start + 7 * DAY_MS, maxima)).toBe('MeasurementArchive');
    expect(selectDataSource('Auto', start, start + 80 * DAY_MS, maxima)).toBe('QuarterHourValues');
    expect(selectDataSource('Auto', start, start + 700 * DAY_MS, maxima)).toBe('DayValues');
    expect(selectDataSource('DayValues', start, start + 1)).toBe('DayValues');
  });
});
