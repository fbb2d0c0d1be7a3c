import { describe, expect, it } from 'vitest';
import { advanceLiveWindow, LIVE_NEW_POINT_MS, LIVE_TICK_MS, shouldAddLivePoint } from './live-window.js';

const HOUR = 3_600_000;
const minute = (n: number) => Date.UTC(2025, 5, 11, 8, n);

describe('live chart constants (screens §9)', () => {
  it('screens §9: auto refresh tick is 2 seconds', () => {
    expect(LIVE_TICK_MS).toBe(2000);
  });

  it('screens §9: live chart new point after more than 5 seconds', () => {
    expect(LIVE_NEW_POINT_MS).toBe(5000);
  });
});

describe('advanceLiveWindow (screens §4 "the view range moves forward when the minute changes")', () => {
  const window = { start: minute(10) + 30_000 - HOUR, end: minute(10) + 30_000 };

  it('screens §4: keeps the same window while the minute of the end is the minute of now', () => {
    expect(advanceLiveWindow(window, minute(10) + 30_000 + LIVE_TICK_MS)).toBe(window);
    expect(advanceLiveWindow(window, minute(11) - 1)).toBe(window);
  });

  it('screens §4: moves forward to end now, keeping the span, once the minute changes', () => {
    expect(advanceLiveWindow(window, minute(11))).toEqual({ start: minute(11) - HOUR, end: minute(11) });
    const later = minute(14) + 1234;
    const moved = advanceLiveWindow(window, later);
    expect(moved).toEqual({ start: later - HOUR, end: later });
    expect(moved.end - moved.start).toBe(window.end - window.start);
  });

  it('screens §4: on 2-second ticks over five minutes the window moves exactly once per minute', () => {
    let current = { start: minute(0) - HOUR, end: minute(0) };
    let moves = 0;
    for (let now = minute(0); now <= minute(5); now += LIVE_TICK_MS) {
      const next = advanceLiveWindow(current, now);
      if (next !== current) moves += 1;
      current = next;
      expect(current.end).toBeLessThanOrEqual(now);
      expect(current.end - current.start).toBe(HOUR);
    }
    expect(moves).toBe(5);
    expect(current.end).toBe(minute(5));
  });

  it('screens §4: does not move back when the clock is behind the window end', () => {
    expect(advanceLiveWindow(window, minute(9))).toBe(window);
  });

  it('screens §4: a window zoomed into the past jumps back to now at the next minute change', () => {
    const past = { start: minute(0) - 2 * HOUR, end: minute(0) - HOUR };
    expect(advanceLiveWindow(past, minute(10))).toEqual({ start: minute(10) - HOUR, end: minute(10) });
  });
});

describe('shouldAddLivePoint (screens §4 "a new point is added if more than 5 seconds passed since the last")', () => {
  it('screens §4: the first value always becomes a point', () => {
    expect(shouldAddLivePoint(null, minute(0))).toBe(true);
  });

  it('screens §4: exactly 5 seconds is not more than 5 seconds', () => {
    expect(shouldAddLivePoint(minute(0), minute(0) + 5000)).toBe(false);
    expect(shouldAddLivePoint(minute(0), minute(0) + 5001)).toBe(true);
    expect(shouldAddLivePoint(minute(0), minute(0) + 2000)).toBe(false);
  });
});
