import { describe, expect, it } from 'vitest';
import { plantToday, reportDateOf, stepReportDate } from './report-period';

describe('report dates in the address (calls §9 yyyy-MM-dd, screens §9 week 6 days back)', () => {
  const today = { year: 2026, month: 3, day: 3 };
  it('takes a real date from the address, else the default of the kind', () => {
    expect(reportDateOf('2026-02-14', 'day', today)).toEqual({ date: '2026-02-14', invalid: false });
    expect(reportDateOf(null, 'week', today)).toEqual({ date: '2026-02-25', invalid: false });
    expect(reportDateOf(null, 'month', today)).toEqual({ date: '2026-03-03', invalid: false });
    expect(reportDateOf('2026-02-30', 'day', today)).toEqual({ date: '2026-03-03', invalid: true });
  });
  it('steps by the period of the kind', () => {
    expect(stepReportDate('2026-03-01', 'day', -1)).toBe('2026-02-28');
    expect(stepReportDate('2026-02-25', 'week', 1)).toBe('2026-03-04');
    expect(stepReportDate('2026-01-31', 'month', 1)).toBe('2026-02-01');
    expect(stepReportDate('2026-05-20', 'year', -1)).toBe('2025-05-01');
  });
  it('counts today in the plant’s zone', () => {
    // 23:30 UTC on 1 March is already 2 March in Berlin.
    expect(plantToday('Europe/Berlin', Date.UTC(2026, 2, 1, 23, 30))).toEqual({
      year: 2026,
      month: 3,
      day: 2,
    });
  });
});
