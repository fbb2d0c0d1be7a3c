import { describe, expect, it } from 'vitest';
import { columnStart, snapToPixelColumns } from './pixel-columns.js';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1, 0, 0);

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Sorted times with repeats, some before the start, as a view's loaded points are. */
function times(count: number, span: number, seed: number): number[] {
  const next = random(seed);
  const list = Array.from({ length: count }, () => Math.round(start - span * 0.01 + next() * span * 1.02));
  for (let i = 0; i < count / 10; i++) list.push(list[Math.floor(next() * list.length)] ?? start);
  return list.sort((a, b) => a - b);
}

describe('snapToPixelColumns (a reduced point is drawn at the start of its pixel column)', () => {
  // 60 days over 1500 pixels: 3456 s a column; 365 days over 1437 pixels: not a whole number.
  const cases = [
    { span: 60 * DAY, width: 1500 },
    { span: 365 * DAY, width: 1437 },
    { span: 3_600_000, width: 977 },
    { span: 1000, width: 1600 },
  ];

  it('moves a time to the start of its column, never later and by less than a column', () => {
    for (const { span, width } of cases) {
      const msPerPixel = span / width;
      const list = times(5000, span, width);
      const snapped = snapToPixelColumns(list, start, msPerPixel);
      expect(snapped).toHaveLength(list.length);
      const wrong = snapped.filter((s, i) => {
        const t = list[i] ?? NaN;
        // The start of a column: a whole number of columns from the view's start.
        const k = Math.round((s - start) / msPerPixel);
        return !(s <= t && t - s < msPerPixel && Math.abs(s - (start + k * msPerPixel)) < 1e-6);
      });
      expect(wrong).toEqual([]);
    }
  });

  it('is idempotent', () => {
    for (const { span, width } of cases) {
      const msPerPixel = span / width;
      const once = snapToPixelColumns(times(5000, span, width + 1), start, msPerPixel);
      expect(snapToPixelColumns(once, start, msPerPixel)).toEqual(once);
    }
  });

  it('keeps the order and keeps equal times', () => {
    const msPerPixel = (60 * DAY) / 1500;
    const list = times(5000, 60 * DAY, 7);
    const snapped = snapToPixelColumns(list, start, msPerPixel);
    for (let i = 1; i < snapped.length; i++) {
      expect(snapped[i]).toBeGreaterThanOrEqual(snapped[i - 1] ?? -Infinity);
    }
    // The four points M4 keeps of one column all land on its start.
    const column = [
      start + 10 * msPerPixel + 1,
      start + 10.2 * msPerPixel,
      start + 10.2 * msPerPixel,
      start + 11 * msPerPixel - 1,
    ];
    expect(snapToPixelColumns(column, start, msPerPixel)).toEqual(Array(4).fill(start + 10 * msPerPixel));
  });

  it('puts the edges of a column in that column and times before the start in negative columns', () => {
    const msPerPixel = 3.7;
    expect(columnStart(start, start, msPerPixel)).toBe(start);
    expect(columnStart(start + 3 * msPerPixel, start, msPerPixel)).toBe(start + 3 * msPerPixel);
    expect(columnStart(start - 1, start, msPerPixel)).toBe(start - msPerPixel);
    // Just below an edge rounds towards it in floating point, yet stays in the column before.
    const edge = start + 7 * 0.1;
    expect(columnStart(edge - 1e-3, start, 0.1)).toBeLessThanOrEqual(edge - 1e-3);
  });

  it('passes non-finite times on and leaves times alone without a usable column width', () => {
    expect(snapToPixelColumns([Number.NaN, 5, Infinity], 0, 2)).toEqual([Number.NaN, 4, Infinity]);
    expect(snapToPixelColumns([1, 2, 3], 0, 0)).toEqual([1, 2, 3]);
    expect(snapToPixelColumns([1, 2, 3], 0, Number.NaN)).toEqual([1, 2, 3]);
    expect(snapToPixelColumns([], 0, 1)).toEqual([]);
  });

  it('snaps a year of minutes quickly', () => {
    const list = Array.from({ length: 525_600 }, (_, i) => start + i * 60_000);
    const began = performance.now();
    const snapped = snapToPixelColumns(list, start, (365 * DAY) / 1437);
    expect(performance.now() - began).toBeLessThan(200);
    expect(new Set(snapped).size).toBe(1437);
  });
});
