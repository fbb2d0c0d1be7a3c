import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedParts } from '../time/zoned.js';
import { ARCHIVE_CHART_DEFAULT_SPAN, LIVE_CHART_DEFAULT_SPAN } from './chart-constants.js';
import { isTimeUnit, parseStartOffset, resolveTimeSpan, TIME_UNITS, type TimeUnit } from './time-span.js';

const BERLIN = 'Europe/Berlin';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi);
/** Wednesday 11 June 2025, 10:00 in Berlin (CEST, UTC+2). */
const WEDNESDAY = utc(2025, 6, 11, 8);

describe('time units (screens §3 "Time units")', () => {
  it('screens §3: lists the plural, Custom and singular units plus Second and Unspecified', () => {
    expect(TIME_UNITS).toEqual([
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
    ]);
  });

  it('screens §3: recognises unit names and nothing else', () => {
    expect(isTimeUnit('Days')).toBe(true);
    expect(isTimeUnit('days')).toBe(false);
    expect(isTimeUnit(7)).toBe(false);
  });
});

describe('resolveTimeSpan, rolling units (screens §4 "Time ranges resolve to windows")', () => {
  it('screens §4: hours end now and reach back whole hours', () => {
    expect(resolveTimeSpan(1, 'Hours', WEDNESDAY, BERLIN)).toEqual({
      start: WEDNESDAY - HOUR,
      end: WEDNESDAY,
    });
    expect(resolveTimeSpan(6, 'Hour', WEDNESDAY, BERLIN)).toEqual({
      start: WEDNESDAY - 6 * HOUR,
      end: WEDNESDAY,
    });
  });

  it('screens §4: minutes end now, fractions allowed for rolling units', () => {
    expect(resolveTimeSpan(15, 'Minutes', WEDNESDAY, BERLIN)).toEqual({
      start: WEDNESDAY - 900_000,
      end: WEDNESDAY,
    });
    expect(resolveTimeSpan(1.5, 'Hours', WEDNESDAY, BERLIN).start).toBe(WEDNESDAY - 1.5 * HOUR);
  });

  it('screens §4: the live chart default (one hour) is the last hour', () => {
    const { timeSpanFactor, timeSpanUnit } = LIVE_CHART_DEFAULT_SPAN;
    expect(resolveTimeSpan(timeSpanFactor, timeSpanUnit, WEDNESDAY, BERLIN)).toEqual({
      start: WEDNESDAY - HOUR,
      end: WEDNESDAY,
    });
  });
});

describe('resolveTimeSpan, days (screens §4 "for days … the window end is shifted by a timezone-offset adjustment")', () => {
  it('screens §4: one day is the current local day, ending at the next local midnight', () => {
    expect(resolveTimeSpan(1, 'Days', WEDNESDAY, BERLIN)).toEqual({
      start: utc(2025, 6, 10, 22),
      end: utc(2025, 6, 11, 22) - 1,
    });
  });

  it('screens §4: seven days end with today and start six local days before it', () => {
    expect(resolveTimeSpan(7, 'Days', WEDNESDAY, BERLIN)).toEqual({
      start: utc(2025, 6, 4, 22),
      end: utc(2025, 6, 11, 22) - 1,
    });
  });

  it('screens §4: the day follows the plant zone, not UTC (23:30 UTC is already tomorrow in Berlin)', () => {
    const lateUtc = utc(2025, 6, 11, 23, 30);
    expect(resolveTimeSpan(1, 'Day', lateUtc, BERLIN)).toEqual({
      start: utc(2025, 6, 11, 22),
      end: utc(2025, 6, 12, 22) - 1,
    });
    expect(resolveTimeSpan(1, 'Day', lateUtc, 'UTC')).toEqual({
      start: utc(2025, 6, 11),
      end: utc(2025, 6, 12) - 1,
    });
  });

  it('screens §4: the day when DST starts is 23 hours long, the day it ends 25 hours', () => {
    const spring = resolveTimeSpan(1, 'Days', utc(2025, 3, 30, 10), BERLIN);
    expect(spring).toEqual({ start: utc(2025, 3, 29, 23), end: utc(2025, 3, 30, 22) - 1 });
    expect(spring.end + 1 - spring.start).toBe(23 * HOUR);
    const autumn = resolveTimeSpan(1, 'Days', utc(2025, 10, 26, 10), BERLIN);
    expect(autumn).toEqual({ start: utc(2025, 10, 25, 22), end: utc(2025, 10, 26, 23) - 1 });
    expect(autumn.end + 1 - autumn.start).toBe(25 * HOUR);
  });

  it('screens §4: several days across a DST change keep local midnights at both ends', () => {
    const window = resolveTimeSpan(3, 'Days', utc(2025, 3, 31, 10), BERLIN);
    expect(window).toEqual({ start: utc(2025, 3, 28, 23), end: utc(2025, 3, 31, 22) - 1 });
    expect(window.end + 1 - window.start).toBe(3 * DAY - HOUR);
  });

  it('screens §4: a zone with a half-hour offset gets its own midnights', () => {
    // Kolkata is UTC+5:30 all year.
    expect(resolveTimeSpan(1, 'Days', utc(2025, 6, 11, 8), 'Asia/Kolkata')).toEqual({
      start: utc(2025, 6, 10, 18, 30),
      end: utc(2025, 6, 11, 18, 30) - 1,
    });
  });

  it('screens §4: the archive chart default (one day) is today', () => {
    const { timeSpanFactor, timeSpanUnit } = ARCHIVE_CHART_DEFAULT_SPAN;
    expect(resolveTimeSpan(timeSpanFactor, timeSpanUnit, WEDNESDAY, BERLIN)).toEqual(
      resolveTimeSpan(1, 'Days', WEDNESDAY, BERLIN),
    );
  });

  it('screens §4: any n days in any zone run from a local midnight to the end of today and hold now', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: utc(2000, 1, 1), max: utc(2040, 1, 1) }),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom(...zones),
        (now, days, zone) => {
          const { start, end } = resolveTimeSpan(days, 'Days', now, zone);
          const first = zonedParts(start, zone);
          const next = zonedParts(end + 1, zone);
          const today = zonedParts(now, zone);
          expect([first.hour, first.minute, first.second]).toEqual([0, 0, 0]);
          expect([next.hour, next.minute, next.second]).toEqual([0, 0, 0]);
          expect(start <= now && now <= end).toBe(true);
          expect(Date.UTC(next.year, next.month - 1, next.day)).toBe(
            Date.UTC(today.year, today.month - 1, today.day + 1),
          );
          const localDays =
            (Date.UTC(next.year, next.month - 1, next.day) -
              Date.UTC(first.year, first.month - 1, first.day)) /
            DAY;
          expect(localDays).toBe(days);
        },
      ),
    );
  });
});

describe('resolveTimeSpan, weeks (screens §4 "week starts Monday", §9 "Week start: Monday")', () => {
  it('screens §4: week starts Monday, one week is Monday 00:00 to the end of Sunday', () => {
    expect(resolveTimeSpan(1, 'Weeks', WEDNESDAY, BERLIN)).toEqual({
      start: utc(2025, 6, 8, 22),
      end: utc(2025, 6, 15, 22) - 1,
    });
  });

  it('screens §4: week starts Monday, on Monday midnight and on Sunday night alike', () => {
    const monday = utc(2025, 6, 8, 22);
    const sundayNight = utc(2025, 6, 15, 21, 59);
    expect(resolveTimeSpan(1, 'Week', monday, BERLIN)).toEqual(
      resolveTimeSpan(1, 'Week', sundayNight, BERLIN),
    );
    // Still Sunday in UTC, already Monday in Berlin: the next week.
    expect(resolveTimeSpan(1, 'Week', utc(2025, 6, 15, 22, 30), BERLIN).start).toBe(utc(2025, 6, 15, 22));
  });

  it('screens §4: two weeks end with the current week and start the Monday before', () => {
    expect(resolveTimeSpan(2, 'Weeks', WEDNESDAY, BERLIN)).toEqual({
      start: utc(2025, 6, 1, 22),
      end: utc(2025, 6, 15, 22) - 1,
    });
  });

  it('screens §4: a week with a DST change is 167 hours long and crosses months', () => {
    // Monday 24 March 2025 to Sunday 30 March 2025 (clocks go forward on the Sunday).
    const window = resolveTimeSpan(1, 'Weeks', utc(2025, 3, 27, 12), BERLIN);
    expect(window).toEqual({ start: utc(2025, 3, 23, 23), end: utc(2025, 3, 30, 22) - 1 });
    expect(window.end + 1 - window.start).toBe(7 * DAY - HOUR);
    expect(resolveTimeSpan(1, 'Weeks', utc(2025, 1, 1, 12), BERLIN).start).toBe(utc(2024, 12, 29, 23));
  });
});

describe('resolveTimeSpan, months and years (calendar periods)', () => {
  it('screens §4: one month is the current calendar month in the plant zone', () => {
    expect(resolveTimeSpan(1, 'Months', utc(2025, 3, 15, 12), BERLIN)).toEqual({
      start: utc(2025, 2, 28, 23),
      end: utc(2025, 3, 31, 22) - 1,
    });
  });

  it('screens §4: months reach back across the turn of the year', () => {
    expect(resolveTimeSpan(2, 'Month', utc(2025, 1, 10, 12), BERLIN)).toEqual({
      start: utc(2024, 11, 30, 23),
      end: utc(2025, 1, 31, 23) - 1,
    });
    expect(resolveTimeSpan(12, 'Months', utc(2025, 1, 10, 12), BERLIN).start).toBe(utc(2024, 1, 31, 23));
  });

  it('screens §4: years are calendar years ending at the end of the current one', () => {
    expect(resolveTimeSpan(1, 'Years', WEDNESDAY, BERLIN)).toEqual({
      start: utc(2024, 12, 31, 23),
      end: utc(2025, 12, 31, 23) - 1,
    });
    expect(resolveTimeSpan(3, 'Year', WEDNESDAY, BERLIN).start).toBe(utc(2022, 12, 31, 23));
  });
});

describe('resolveTimeSpan, chart config units and refused units (screens §3, §4)', () => {
  it('screens §3: the singular chart config units resolve like the plural ones', () => {
    const pairs: [TimeUnit, TimeUnit][] = [
      ['Year', 'Years'],
      ['Month', 'Months'],
      ['Week', 'Weeks'],
      ['Day', 'Days'],
      ['Hour', 'Hours'],
      ['Minute', 'Minutes'],
    ];
    for (const [singular, plural] of pairs) {
      expect(resolveTimeSpan(3, singular, WEDNESDAY, BERLIN)).toEqual(
        resolveTimeSpan(3, plural, WEDNESDAY, BERLIN),
      );
    }
  });

  it('screens §4: Custom unit is unsupported', () => {
    expect(() => resolveTimeSpan(1, 'Custom', WEDNESDAY, BERLIN)).toThrow(RangeError);
    expect(() => resolveTimeSpan(1, 'Custom', WEDNESDAY, BERLIN)).toThrow(/Custom is unsupported/);
  });

  it('screens §3: Second and Unspecified are unsupported for conversion', () => {
    expect(() => resolveTimeSpan(1, 'Second', WEDNESDAY, BERLIN)).toThrow(
      new RangeError('Time span unit Second is unsupported for conversion'),
    );
    expect(() => resolveTimeSpan(1, 'Unspecified', WEDNESDAY, BERLIN)).toThrow(
      new RangeError('Time span unit Unspecified is unsupported for conversion'),
    );
  });

  it('refuses factors that are not positive, and fractions of calendar units', () => {
    for (const factor of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolveTimeSpan(factor, 'Hours', WEDNESDAY, BERLIN)).toThrow(RangeError);
    }
    expect(() => resolveTimeSpan(1.5, 'Days', WEDNESDAY, BERLIN)).toThrow(/whole number/);
  });
});

describe('parseStartOffset (screens §2 archive chart, optional start as a negative offset)', () => {
  it('screens §2: reads ISO 8601 durations as offsets back from now', () => {
    expect(parseStartOffset('-P7D')).toBe(-7 * DAY);
    expect(parseStartOffset('P1DT2H')).toBe(-26 * HOUR);
    expect(parseStartOffset('PT15M')).toBe(-900_000);
    expect(parseStartOffset('PT30S')).toBe(-30_000);
    expect(parseStartOffset('P2W')).toBe(-14 * DAY);
    expect(parseStartOffset('+PT1H')).toBe(-HOUR);
  });

  it('screens §2: the sign is optional and an offset always goes back', () => {
    expect(parseStartOffset('P7D')).toBe(parseStartOffset('-P7D'));
    expect(parseStartOffset('604800000')).toBe(-604_800_000);
    expect(parseStartOffset('-604800000')).toBe(-604_800_000);
  });

  it('screens §2: months and years have their nominal length, minutes and months differ by the T', () => {
    expect(parseStartOffset('P1M')).toBe(-30 * DAY);
    expect(parseStartOffset('PT1M')).toBe(-60_000);
    expect(parseStartOffset('P1Y')).toBe(-365 * DAY);
    expect(parseStartOffset('P1Y2M3DT4H5M6S')).toBe(
      -(365 * DAY + 60 * DAY + 3 * DAY + 4 * HOUR + 5 * 60_000 + 6000),
    );
  });

  it('screens §2: accepts fractions, lower case and surrounding blanks', () => {
    expect(parseStartOffset('PT0.5H')).toBe(-HOUR / 2);
    expect(parseStartOffset('PT1,5H')).toBe(-1.5 * HOUR);
    expect(parseStartOffset(' -p1d ')).toBe(-DAY);
    expect(parseStartOffset('1500.4')).toBe(-1500);
  });

  it('screens §2: gives null for anything that is not an offset', () => {
    for (const text of [
      '',
      'P',
      'PT',
      'P1DT',
      'P1H',
      '7D',
      'abc',
      '--P1D',
      'P-1D',
      '1e5',
      'P0D',
      '0',
      'PT1H2D',
    ]) {
      expect(parseStartOffset(text), text).toBeNull();
    }
    expect(parseStartOffset('99999999999999999999')).toBeNull();
  });
});
