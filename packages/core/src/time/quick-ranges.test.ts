import { describe, expect, it } from 'vitest';
import { isQuickRange, QUICK_RANGES, resolveQuickRange, windowFollowsNow } from './quick-ranges.js';

const BERLIN = 'Europe/Berlin';
// Wednesday 2024-03-13 10:30:00 in Berlin (CET, UTC+1).
const NOW = Date.UTC(2024, 2, 13, 9, 30);
const iso = (t: number) => new Date(t).toISOString();

describe('quick ranges', () => {
  it('rolling hour ranges end now and go back exactly', () => {
    for (const [range, hours] of [
      ['last3Hours', 3],
      ['last6Hours', 6],
      ['last12Hours', 12],
      ['last24Hours', 24],
    ] as const) {
      expect(resolveQuickRange(range, NOW, BERLIN)).toEqual({ start: NOW - hours * 3_600_000, end: NOW });
    }
  });

  it('rolling day ranges go back in local days', () => {
    expect(iso(resolveQuickRange('last7Days', NOW, BERLIN).start)).toBe('2024-03-06T09:30:00.000Z');
    // The last month: back to the same day of the previous month (29 days in a leap February).
    expect(iso(resolveQuickRange('lastMonth', NOW, BERLIN).start)).toBe('2024-02-13T09:30:00.000Z');
    // From the 31st of March the month reaches back to the last day of February, not into March.
    const endOfMarch = Date.UTC(2024, 2, 31, 8, 30);
    expect(iso(resolveQuickRange('lastMonth', endOfMarch, BERLIN).start)).toBe('2024-02-29T09:30:00.000Z');
    expect(iso(resolveQuickRange('last12Months', NOW, BERLIN).start)).toBe('2023-03-13T09:30:00.000Z');
  });

  it('keeps the local time of day across a DST change', () => {
    // Tuesday 2024-04-02 10:30 CEST (UTC+2); seven local days back is 10:30 CET (UTC+1).
    const now = Date.UTC(2024, 3, 2, 8, 30);
    expect(iso(resolveQuickRange('last7Days', now, BERLIN).start)).toBe('2024-03-26T09:30:00.000Z');
  });

  it('today and yesterday follow the local midnight', () => {
    expect(resolveQuickRange('today', NOW, BERLIN)).toEqual({
      start: Date.parse('2024-03-12T23:00:00Z'),
      end: Date.parse('2024-03-13T23:00:00Z') - 1,
    });
    expect(resolveQuickRange('yesterday', NOW, BERLIN)).toEqual({
      start: Date.parse('2024-03-11T23:00:00Z'),
      end: Date.parse('2024-03-12T23:00:00Z') - 1,
    });
  });

  it('the week starts on Monday', () => {
    const week = resolveQuickRange('thisWeek', NOW, BERLIN);
    expect(iso(week.start)).toBe('2024-03-10T23:00:00.000Z');
    // Sunday 2024-03-31 is the DST change: the week ends at Monday's midnight in summer time.
    const sunday = Date.UTC(2024, 2, 31, 12);
    const lastWeek = resolveQuickRange('thisWeek', sunday, BERLIN);
    expect(iso(lastWeek.start)).toBe('2024-03-24T23:00:00.000Z');
    expect(iso(lastWeek.end + 1)).toBe('2024-03-31T22:00:00.000Z');
    // A Monday is the first day of its own week.
    const monday = Date.UTC(2024, 2, 11, 0, 30);
    expect(iso(resolveQuickRange('thisWeek', monday, BERLIN).start)).toBe('2024-03-10T23:00:00.000Z');
  });

  it('this month and this year are calendar periods', () => {
    expect(resolveQuickRange('thisMonth', NOW, BERLIN)).toEqual({
      start: Date.parse('2024-02-29T23:00:00Z'),
      end: Date.parse('2024-03-31T22:00:00Z') - 1,
    });
    expect(resolveQuickRange('thisYear', NOW, BERLIN)).toEqual({
      start: Date.parse('2023-12-31T23:00:00Z'),
      end: Date.parse('2024-12-31T23:00:00Z') - 1,
    });
    // December rolls over into the next year.
    const december = Date.UTC(2024, 11, 20);
    expect(iso(resolveQuickRange('thisMonth', december, BERLIN).end + 1)).toBe('2024-12-31T23:00:00.000Z');
  });

  it('uses the given time zone', () => {
    expect(iso(resolveQuickRange('today', NOW, 'America/New_York').start)).toBe('2024-03-13T04:00:00.000Z');
    expect(iso(resolveQuickRange('today', NOW, 'UTC').start)).toBe('2024-03-13T00:00:00.000Z');
  });

  it('every range resolves to a window that contains now except yesterday', () => {
    for (const range of QUICK_RANGES) {
      const window = resolveQuickRange(range, NOW, BERLIN);
      expect(window.start).toBeLessThan(window.end);
      expect(windowFollowsNow(window, NOW)).toBe(range !== 'yesterday');
    }
  });

  it('recognises range names', () => {
    expect(isQuickRange('last7Days')).toBe(true);
    expect(isQuickRange('custom')).toBe(false);
    expect(isQuickRange(7)).toBe(false);
  });
});
