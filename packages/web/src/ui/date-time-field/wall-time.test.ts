import { describe, expect, it } from 'vitest';
import { instantOfWallTime, wallTimeOf } from './wall-time';

describe('wall-clock time of the plant', () => {
  const berlin = 'Europe/Berlin';
  it('shows an instant as the plant clock reads it, whatever zone the browser is in', () => {
    expect(wallTimeOf(Date.UTC(2026, 10, 26, 23, 30), berlin)).toBe('2026-11-27 00:30:00');
    expect(wallTimeOf(Date.UTC(2026, 6, 1, 10, 0, 5), berlin)).toBe('2026-07-01 12:00:05');
    expect(wallTimeOf(Date.UTC(2026, 6, 1, 10, 0), 'America/New_York')).toBe('2026-07-01 06:00:00');
  });
  it('reads a plant wall time back as its instant, summer and winter', () => {
    expect(instantOfWallTime('2026-11-27 00:30:00', berlin)).toBe(Date.UTC(2026, 10, 26, 23, 30));
    expect(instantOfWallTime('2026-07-01 12:00', berlin)).toBe(Date.UTC(2026, 6, 1, 10, 0));
    expect(instantOfWallTime('2026-07-01', berlin)).toBe(Date.UTC(2026, 5, 30, 22, 0));
    const t = Date.UTC(2026, 2, 29, 3, 17, 9);
    expect(instantOfWallTime(wallTimeOf(t, berlin), berlin)).toBe(t);
  });
  it('refuses what is no date or time instead of rolling it over', () => {
    for (const bad of ['2026-02-31', '2026-13-01', '2026-01-01 24:00', '01.02.2026', '', 'heute']) {
      expect(instantOfWallTime(bad, berlin), bad).toBeNull();
    }
  });
});
