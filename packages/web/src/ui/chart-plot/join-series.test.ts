import { describe, expect, it } from 'vitest';
import { joinSeriesData } from './join-series';

describe('joinSeriesData', () => {
  it('aligns series on the union of their times, in seconds, with null gaps', () => {
    const joined = joinSeriesData([
      { t: [1000, 2000, 4000], v: [1, 2, 4] },
      { t: [2000, 3000], v: [20, 30] },
    ]);
    expect(joined).toEqual([
      [1, 2, 3, 4],
      [1, 2, null, 4],
      [null, 20, 30, null],
    ]);
  });

  it('returns just an empty time column for no series and empty columns for empty series', () => {
    expect(joinSeriesData([])).toEqual([[]]);
    expect(joinSeriesData([{ t: [], v: [] }])).toEqual([[], []]);
  });

  it('keeps every point of a repeated time in order, a gap in the data as NaN and other non-finite values as null', () => {
    const joined = joinSeriesData([
      { t: [1000, 1000, 2000, 3000, 4000], v: [1, 5, Number.NaN, Infinity, null as unknown as number] },
    ]);
    expect(joined).toEqual([
      [1, 1, 2, 3, 4],
      [1, 5, Number.NaN, null, Number.NaN],
    ]);
  });

  it('gives a shared time the rows of the series with most points there, the others undefined', () => {
    // Reduced data drawn at column starts: first, minimum, maximum and last at one x.
    const joined = joinSeriesData([
      { t: [0, 0, 0, 0, 2000], v: [3, 1, 9, 4, 5] },
      { t: [0, 0, 1000], v: [7, 8, 6] },
      { t: [2000, 2000], v: [1, 2] },
    ]);
    expect(joined).toStrictEqual([
      [0, 0, 0, 0, 1, 2, 2],
      [3, 1, 9, 4, null, 5, undefined],
      [7, 8, undefined, undefined, 6, null, null],
      [null, null, null, null, null, 1, 2],
    ]);
    const xs = Array.from(joined[0]);
    expect(xs.every((x, i) => i === 0 || x >= (xs[i - 1] ?? Infinity))).toBe(true);
  });

  it('merges large interleaved series in order', () => {
    const n = 7680;
    const even = {
      t: Array.from({ length: n }, (_, i) => i * 120_000),
      v: Array.from({ length: n }, (_, i) => i),
    };
    const odd = {
      t: Array.from({ length: n }, (_, i) => i * 120_000 + 60_000),
      v: Array.from({ length: n }, (_, i) => -i),
    };
    const started = performance.now();
    const [xs, a, b] = joinSeriesData([even, odd, even]);
    const elapsed = performance.now() - started;
    expect(xs).toHaveLength(2 * n);
    expect(Array.from(xs).every((x, i) => i === 0 || x > (xs[i - 1] ?? Infinity))).toBe(true);
    expect(a?.[2]).toBe(1);
    expect(a?.[3]).toBeNull();
    expect(b?.[3]).toBe(-1);
    expect(b?.[2]).toBeNull();
    expect(elapsed).toBeLessThan(200);
  });
});
