import { describe, expect, it } from 'vitest';
import {
  defaultReportDate,
  formatLocalDate,
  manualInputApplies,
  manualInputRefusal,
  parseLocalDate,
  reportFooter,
  reportRange,
  reportValue,
  shiftByOffset,
  startOfWeek,
  summarise,
  summariseOverflows,
  zonedTimeToUtc,
} from './index.js';

const TZ = 'Europe/Berlin';

describe('report dates (calls §9 yyyy-MM-dd, screens §9 week report 6 days back, week starts Monday)', () => {
  it('parses and formats yyyy-MM-dd, refusing impossible dates', () => {
    expect(parseLocalDate('2025-02-28')).toEqual({ year: 2025, month: 2, day: 28 });
    expect(parseLocalDate('2025-02-29')).toBeNull();
    expect(parseLocalDate('2025-2-1')).toBeNull();
    expect(parseLocalDate('01.02.2025')).toBeNull();
    expect(formatLocalDate({ year: 2025, month: 3, day: 7 })).toBe('2025-03-07');
  });

  it('opens the week report 6 days back, the others today', () => {
    const today = { year: 2025, month: 3, day: 3 };
    expect(formatLocalDate(defaultReportDate('week', today))).toBe('2025-02-25');
    expect(formatLocalDate(defaultReportDate('day', today))).toBe('2025-03-03');
  });

  it('starts the week on Monday', () => {
    expect(formatLocalDate(startOfWeek({ year: 2025, month: 6, day: 15 }))).toBe('2025-06-09'); // Sunday
    expect(formatLocalDate(startOfWeek({ year: 2025, month: 6, day: 9 }))).toBe('2025-06-09'); // Monday
  });
});

describe('report ranges in the plant time zone', () => {
  it('a day report has 24 hourly rows from local midnight', () => {
    const range = reportRange('day', { year: 2025, month: 6, day: 10 }, TZ);
    expect(range.from).toBe(Date.UTC(2025, 5, 9, 22));
    expect(range.to).toBe(Date.UTC(2025, 5, 10, 22));
    expect(range.intervals).toHaveLength(24);
    expect(range.intervals[1]?.label).toBe('01:00');
  });

  it('DST days have 23 and 25 hourly rows', () => {
    expect(reportRange('day', { year: 2025, month: 3, day: 30 }, TZ).intervals).toHaveLength(23);
    expect(reportRange('day', { year: 2025, month: 10, day: 26 }, TZ).intervals).toHaveLength(25);
  });

  it('a week report covers seven days from its date', () => {
    const range = reportRange('week', { year: 2025, month: 3, day: 27 }, TZ);
    expect(range.intervals.map((i) => i.label)).toEqual([
      '27.03.2025',
      '28.03.2025',
      '29.03.2025',
      '30.03.2025',
      '31.03.2025',
      '01.04.2025',
      '02.04.2025',
    ]);
    // 30 March has 23 hours: days are local days, not 24-hour blocks.
    expect(range.intervals[3]!.to - range.intervals[3]!.from).toBe(23 * 3_600_000);
  });

  it('month and overflow reports have the days of the month, year reports twelve months', () => {
    expect(reportRange('month', { year: 2024, month: 2, day: 17 }, TZ).intervals).toHaveLength(29);
    expect(reportRange('overflow', { year: 2025, month: 4, day: 1 }, TZ).intervals).toHaveLength(30);
    const year = reportRange('year', { year: 2025, month: 8, day: 9 }, TZ);
    expect(year.intervals).toHaveLength(12);
    expect(year.from).toBe(Date.UTC(2024, 11, 31, 23));
    expect(year.to).toBe(Date.UTC(2025, 11, 31, 23));
    expect(year.intervals[3]).toMatchObject({ from: Date.UTC(2025, 2, 31, 22), label: '04.2025' });
  });

  it('a special report has the 96 quarter hours of its day', () => {
    expect(reportRange('special', { year: 2025, month: 6, day: 10 }, TZ).intervals).toHaveLength(96);
  });

  it('moves a wall-clock time in the spring gap forward by the gap (02:30 → 03:30)', () => {
    expect(zonedTimeToUtc({ year: 2025, month: 3, day: 30, hour: 2, minute: 30 }, TZ)).toBe(
      Date.UTC(2025, 2, 30, 1, 30),
    );
  });
});

describe('report values (screens §3 report data; DESIGN measurement types)', () => {
  const s = summarise([4, 2, 8, 6]);
  it('computes Aktuell, Mittelwert, Minwert, Maxwert, Differenz', () => {
    const opts = { counter: false, hours: 1 };
    expect(reportValue(s, 'Aktuell', opts)).toBe(6);
    expect(reportValue(s, 'Mittelwert', opts)).toBe(5);
    expect(reportValue(s, 'Minwert', opts)).toBe(2);
    expect(reportValue(s, 'Maxwert', opts)).toBe(8);
    expect(reportValue(s, 'Differenz', opts)).toBe(2);
    expect(reportValue(null, 'Aktuell', opts)).toBeNull();
  });

  it('Summe is a counter advance, or a rate times hours', () => {
    expect(reportValue(summarise([100, 130, 180]), 'Summe', { counter: true, hours: 24 })).toBe(80);
    expect(reportValue(s, 'Summe', { counter: false, hours: 24 })).toBe(120);
  });

  it('moves a binding by its offset on the calendar', () => {
    const day = Date.UTC(2025, 2, 30, 22); // 31 March, local midnight (CEST)
    expect(shiftByOffset(day, -1, 'Days', TZ)).toBe(Date.UTC(2025, 2, 29, 23)); // 30 March, CET
    expect(shiftByOffset(day, -2, 'Hours', TZ)).toBe(day - 7_200_000);
    const jan31 = Date.UTC(2025, 0, 30, 23);
    expect(shiftByOffset(jan31, 1, 'Months', TZ)).toBe(Date.UTC(2025, 1, 27, 23)); // 28 Feb
  });
});

describe('manual report inputs (calls §3; screens §4 enabled, disabled, removed)', () => {
  const item = { index: 3, value: 7.5, state: 'Enabled' as const, resetManualInput: false };
  it('accepts a value in an existing row', () => {
    expect(manualInputRefusal(item, 24)).toBeNull();
    expect(manualInputApplies('Enabled', 7.5)).toBe(true);
    expect(manualInputApplies('Disabled', 7.5)).toBe(false);
  });
  it('refuses rows out of range and empty or infinite values', () => {
    expect(manualInputRefusal({ ...item, index: 24 }, 24)).toMatch(/Zeile 24/);
    expect(manualInputRefusal({ ...item, value: null }, 24)).toBe('Wert darf nicht leer sein.');
    expect(manualInputRefusal({ ...item, value: Number.POSITIVE_INFINITY }, 24)).not.toBeNull();
    expect(manualInputRefusal({ ...item, value: null, resetManualInput: true }, 24)).toBeNull();
  });
});

describe('report footer rows and quarter-hour day reports', () => {
  it('sums, averages and bounds the filled cells of a column', () => {
    expect(reportFooter([2, null, 4, 9])).toEqual({ sum: 15, mean: 5, min: 2, max: 9 });
    expect(reportFooter([null, null])).toEqual({ sum: null, mean: null, min: null, max: null });
  });
  it('a day report with quarter-hour resolution has 96 rows, 92 on the spring DST day', () => {
    const range = reportRange('day', { year: 2025, month: 6, day: 10 }, TZ, 'quarterHour');
    expect(range.intervals).toHaveLength(96);
    expect(range.intervals[1]?.label).toBe('00:15');
    expect(reportRange('day', { year: 2025, month: 3, day: 30 }, TZ, 'quarterHour').intervals).toHaveLength(
      92,
    );
  });
});

describe('overflow totals (the annual overflow report)', () => {
  it('counts events and sums duration and volume, keeping the highest level', () => {
    const events = [
      { duration: 3600, overflowVolume: 120.5, maxLevel: 3.1 },
      { duration: 1800, overflowVolume: 40, maxLevel: 3.4 },
    ];
    expect(summariseOverflows(events)).toEqual({ count: 2, duration: 5400, volume: 160.5, maxLevel: 3.4 });
    expect(summariseOverflows([])).toEqual({ count: 0, duration: 0, volume: 0, maxLevel: null });
  });
});
