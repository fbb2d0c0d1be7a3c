import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalPeriods, quarterHourStart } from './periods.js';

// screens §9 "Quarter-hour rounding 15 minutes; day values 24 h; month values one month", in the plant's zone.
describe('local periods', () => {
  const berlin = createLocalPeriods('Europe/Berlin');
  it('rounds to quarter hours', () => {
    expect(quarterHourStart(Date.UTC(2025, 2, 1, 10, 29, 59))).toBe(Date.UTC(2025, 2, 1, 10, 15));
  });
  it('starts days at local midnight, 23 and 25 hours long at DST changes', () => {
    const spring = berlin.dayStart(Date.UTC(2025, 2, 30, 12));
    expect(spring).toBe(Date.UTC(2025, 2, 29, 23));
    expect(berlin.nextDay(spring) - spring).toBe(23 * 3600_000);
    const autumn = berlin.dayStart(Date.UTC(2025, 9, 26, 12));
    expect(berlin.nextDay(autumn) - autumn).toBe(25 * 3600_000);
  });
  it('starts months at local midnight of the first', () => {
    expect(berlin.monthStart(Date.UTC(2025, 6, 15))).toBe(Date.UTC(2025, 5, 30, 22));
    expect(berlin.nextMonth(Date.UTC(2025, 5, 30, 22))).toBe(Date.UTC(2025, 6, 31, 22));
  });
  it('puts every time into the period that contains it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (t) => {
        for (const archive of ['QuarterHourValues', 'DayValues', 'MonthValues'] as const) {
          const start = berlin.periodStart(archive, t);
          expect(start).toBeLessThanOrEqual(t);
          expect(berlin.nextPeriod(archive, start)).toBeGreaterThan(t);
        }
      }),
    );
  });
});
