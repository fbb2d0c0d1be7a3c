import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './retry-delay';

describe('reconnectDelay', () => {
  it('retries at once, then backs off exponentially', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, middle))).toEqual([0, 1000, 2000, 4000, 8000]);
  });

  it('is capped at 30 s and never gives up, whatever the jitter', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      for (const attempt of [6, 10, 100, 10_000]) {
        const delay = reconnectDelay(attempt, random);
        expect(delay).toBeGreaterThan(0);
        expect(delay).toBeLessThanOrEqual(30_000);
      }
    }
  });

  it('spreads clients by up to ±20 %', () => {
    expect(reconnectDelay(3, () => 0)).toBe(3200);
    expect(reconnectDelay(3, () => 1)).toBe(4800);
  });
});
