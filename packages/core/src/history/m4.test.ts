import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { M4Reducer, columnOf, m4, type Point } from './m4.js';
import { NO_SAMPLE, decodeRunTiles, encodeRunTiles, runTiles } from './run-tiles.js';

// DESIGN "History is thinned on the server": M4 keeps first, last, min and max per pixel column.

/** Raw points in time order: distinct times in [start, end) with arbitrary finite values. */
const series = fc
  .uniqueArray(fc.integer({ min: 0, max: 99_999 }), { minLength: 1, maxLength: 400 })
  .chain((times) =>
    fc
      .array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), {
        minLength: times.length,
        maxLength: times.length,
      })
      .map((values) => [...times].sort((a, b) => a - b).map((t, i) => ({ t, v: values[i] ?? 0 }))),
  );

function byColumn(points: Point[], start: number, end: number, width: number): Map<number, Point[]> {
  const columns = new Map<number, Point[]>();
  for (const p of points) {
    const c = columnOf(p.t, start, end, width);
    columns.set(c, [...(columns.get(c) ?? []), p]);
  }
  return columns;
}

/** A line chart W×H: Bresenham lines between consecutive points, x the pixel column. */
function rasterise(
  points: Point[],
  start: number,
  end: number,
  width: number,
  lo: number,
  hi: number,
): string {
  const height = 64;
  const bitmap = new Uint8Array(width * height);
  const y = (v: number) => (hi === lo ? 0 : Math.round(((v - lo) / (hi - lo)) * (height - 1)));
  const plot = (px: number, py: number) => {
    bitmap[py * width + px] = 1;
  };
  const line = (x0: number, y0: number, x1: number, y1: number) => {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      plot(x0, y0);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  };
  const pixels = points.map((p) => [columnOf(p.t, start, end, width), y(p.v)] as const);
  if (pixels.length === 1 && pixels[0]) plot(pixels[0][0], pixels[0][1]);
  for (let i = 1; i < pixels.length; i++) {
    const a = pixels[i - 1];
    const b = pixels[i];
    if (a && b) line(a[0], a[1], b[0], b[1]);
  }
  return Buffer.from(bitmap).toString('base64');
}

/** M4 as the definition reads: per column the first, earliest minimum, earliest maximum and last point, each once, in time order. */
function m4ByDefinition(points: Point[], start: number, end: number, width: number): Point[] {
  const out: Point[] = [];
  for (const [, all] of byColumn(
    points.filter((p) => p.t >= start && p.t < end),
    start,
    end,
    width,
  )) {
    let min = 0;
    let max = 0;
    all.forEach((p, i) => {
      if (p.v < (all[min] as Point).v) min = i;
      if (p.v > (all[max] as Point).v) max = i;
    });
    const kept = [...new Set([0, min, max, all.length - 1])].map((i) => all[i] as Point);
    out.push(...kept.sort((a, b) => a.t - b.t));
  }
  return out;
}

/** Points in time order whose times may repeat and whose values tie often. */
const repeating = fc
  .array(fc.record({ t: fc.integer({ min: -100, max: 1100 }), v: fc.integer({ min: -3, max: 3 }) }), {
    maxLength: 300,
  })
  .map((points) => [...points].sort((a, b) => a.t - b.t));

/** Many points close together (gaps of 0 to 3 ms, some times repeated) across the range's ends. */
const dense = fc
  .tuple(
    fc.integer({ min: -50, max: 50 }),
    fc.array(fc.record({ gap: fc.integer({ min: 0, max: 3 }), v: fc.integer({ min: -5, max: 5 }) }), {
      minLength: 100,
      maxLength: 1500,
    }),
  )
  .map(([first, steps]) => {
    let t = first;
    return steps.map(({ gap, v }) => ({ t: (t += gap), v }));
  });

describe('M4 reduction', () => {
  it('keeps exactly the first, earliest minimum, earliest maximum and last point of each column', () => {
    fc.assert(
      fc.property(fc.oneof(series, repeating), fc.integer({ min: 1, max: 300 }), (points, width) => {
        expect(m4(points, 0, 1000, width)).toEqual(m4ByDefinition(points, 0, 1000, width));
        expect(m4(points, 0, 100_000, width)).toEqual(m4ByDefinition(points, 0, 100_000, width));
      }),
    );
  });

  it('reduces runs of offsets from a base exactly as it reduces each point pushed alone', () => {
    fc.assert(
      fc.property(
        fc.oneof(series, repeating, dense),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(1000, 100_000, 7),
        (points, width, runLength, end) => {
          const reducer = new M4Reducer(0, end, width);
          // Runs as stored: each relative to a base of its own, some pushed in two parts.
          for (let i = 0; i < points.length; i += runLength) {
            const run = points.slice(i, i + runLength);
            const base = (run[0] as Point).t - 3;
            const offsets = Int32Array.from(run, (p) => p.t - base);
            const values = Float64Array.from(run, (p) => p.v);
            const middle = Math.floor(run.length / 2);
            reducer.pushRun(base, offsets, values, 0, middle);
            reducer.pushRun(base, offsets, values, middle);
          }
          expect(reducer.result()).toEqual(m4(points, 0, end, width));
        },
      ),
    );
  });

  it('reduces runs with their tiles exactly as it reduces each point pushed alone', () => {
    // Values with ties and now and then NaN, which neither a minimum nor a maximum may be.
    const withNaN = dense.chain((points) =>
      fc
        .array(fc.boolean(), { minLength: points.length, maxLength: points.length })
        .map((nan) => points.map((p, i) => (nan[i] && i % 7 === 0 ? { t: p.t, v: NaN } : p))),
    );
    // Long columns of mostly distinct values: most columns are taken from their tiles.
    const long = fc
      .array(
        fc.record({ gap: fc.integer({ min: 0, max: 2 }), v: fc.double({ min: -1, max: 1, noNaN: true }) }),
        {
          minLength: 500,
          maxLength: 3000,
        },
      )
      .map((steps) => {
        let t = -20;
        return steps.map(({ gap, v }) => ({ t: (t += gap), v }));
      });
    fc.assert(
      fc.property(
        fc.oneof(long, dense, withNaN, repeating),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 50, max: 1500 }),
        fc.constantFrom(1, 2, 3, 8, 25),
        fc.constantFrom(1000, 3000, 7),
        (points, width, runLength, tileMs, end) => {
          const reducer = new M4Reducer(0, end, width);
          for (let i = 0; i < points.length; i += runLength) {
            const run = points.slice(i, i + runLength);
            const base = (run[0] as Point).t;
            const offsets = Int32Array.from(run, (p) => p.t - base);
            const values = Float64Array.from(run, (p) => p.v);
            const count = Math.floor((offsets[offsets.length - 1] as number) / tileMs) + 1;
            const tiles = runTiles(offsets, values, tileMs, count);
            const middle = Math.floor(run.length / 3);
            reducer.pushRun(base, offsets, values, 0, middle, tiles);
            reducer.pushRun(base, offsets, values, middle, run.length, tiles);
          }
          expect(reducer.result()).toEqual(m4(points, 0, end, width));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tiles a run: where each tile starts, its earliest minimum and maximum, NaN left out', () => {
    const offsets = Int32Array.from([0, 1, 4, 5, 6, 12]);
    const values = Float64Array.from([2, 1, NaN, 3, 3, 7]);
    const tiles = runTiles(offsets, values, 5, 3);
    expect([...tiles.starts]).toEqual([0, 3, 5, 6]);
    expect([...tiles.minAt]).toEqual([1, 3, 5]);
    expect([...tiles.maxAt]).toEqual([0, 3, 5]);
    expect([...runTiles(Int32Array.from([7]), Float64Array.from([NaN]), 5, 2).minAt]).toEqual([
      NO_SAMPLE,
      NO_SAMPLE,
    ]);
    expect(decodeRunTiles(encodeRunTiles(tiles), 5)).toEqual(tiles);
    expect(() => runTiles(Int32Array.from([10]), Float64Array.from([1]), 5, 2)).toThrow(RangeError);
  });

  it('keeps each column’s first, last, min and max and at most 4 points per column', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 300 }), (points, width) => {
        const reduced = m4(points, 0, 100_000, width);
        const raw = byColumn(points, 0, 100_000, width);
        const kept = byColumn(reduced, 0, 100_000, width);
        expect([...kept.keys()]).toEqual([...raw.keys()]);
        for (const [c, all] of raw) {
          const out = kept.get(c) ?? [];
          expect(out.length).toBeLessThanOrEqual(4);
          expect(out[0]).toEqual(all[0]);
          expect(out[out.length - 1]).toEqual(all[all.length - 1]);
          expect(Math.min(...out.map((p) => p.v))).toBe(Math.min(...all.map((p) => p.v)));
          expect(Math.max(...out.map((p) => p.v))).toBe(Math.max(...all.map((p) => p.v)));
          for (const p of out) expect(all).toContainEqual(p);
        }
        expect(reduced.map((p) => p.t)).toEqual([...reduced.map((p) => p.t)].sort((a, b) => a - b));
      }),
    );
  });

  it('draws the same pixels as the raw points', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 200 }), (points, width) => {
        const lo = Math.min(...points.map((p) => p.v));
        const hi = Math.max(...points.map((p) => p.v));
        const reduced = m4(points, 0, 100_000, width);
        expect(rasterise(reduced, 0, 100_000, width, lo, hi)).toBe(
          rasterise(points, 0, 100_000, width, lo, hi),
        );
      }),
    );
  });

  it('draws a dropped inner point differently, so the pixel comparison can fail', () => {
    const points = [
      { t: 0, v: 0 },
      { t: 10, v: 90 },
      { t: 20, v: 100 },
      { t: 30, v: 0 },
    ];
    const reduced = m4(points, 0, 40, 4);
    expect(reduced).toEqual(points);
    const missing = [points[0], points[2], points[3]] as Point[];
    expect(rasterise(missing, 0, 40, 4, 0, 100)).not.toBe(rasterise(points, 0, 40, 4, 0, 100));
  });

  it('reduces a year of minutes at width 1920 to at most 4 × 1920 points', () => {
    const start = Date.UTC(2024, 0, 1);
    const end = start + 365 * 86_400_000;
    const points: Point[] = [];
    for (let t = start; t < end; t += 60_000) points.push({ t, v: Math.sin(t / 3.6e6) + ((t / 60_000) % 7) });
    const reduced = m4(points, start, end, 1920);
    expect(reduced.length).toBeLessThanOrEqual(4 * 1920);
    expect(points.length / reduced.length).toBeGreaterThan(50);
  });

  it('ignores points outside the range and refuses a bad width', () => {
    expect(
      m4(
        [
          { t: -1, v: 1 },
          { t: 5, v: 2 },
          { t: 10, v: 3 },
        ],
        0,
        10,
        2,
      ),
    ).toEqual([{ t: 5, v: 2 }]);
    expect(() => m4([], 0, 10, 0)).toThrow(/width/);
    expect(() => m4([], 10, 10, 5)).toThrow(/end/);
  });
});
