import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTickThrottle } from './tick-throttle.js';

describe('tick throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once after a quiet spell and at most once per tick during a burst', () => {
    const runs: number[] = [];
    const throttle = createTickThrottle(50, () => runs.push(Date.now()));
    const t0 = Date.now();
    throttle.request();
    throttle.request();
    vi.advanceTimersByTime(0);
    expect(runs).toEqual([t0]);
    for (let i = 0; i < 10; i++) {
      throttle.request();
      vi.advanceTimersByTime(10);
    }
    expect(runs.map((t) => t - t0)).toEqual([0, 50, 100]);
    throttle.stop();
    throttle.request();
    vi.advanceTimersByTime(100);
    expect(runs).toHaveLength(3);
  });
});
