import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chartBatchCacheKey,
  ChartBatchCache,
  levelPixelWidth,
  resolutionLevel,
  type BatchState,
  type ChartPoint,
} from './batch-cache.js';
import type { TimeWindow } from '../time/quick-ranges.js';

const at = (...times: number[]): ChartPoint[] => times.map((t) => ({ t, v: t / 10 }));
const loaded = (cache: ChartBatchCache, range: TimeWindow, points: ChartPoint[]) => {
  const id = cache.begin(range);
  cache.complete(id, points);
  return id;
};

describe('ChartBatchCache states (screens §4 "Chart data batches: empty, loading, done, error")', () => {
  it('screens §4: a range nobody asked for is empty and wholly missing', () => {
    const cache = new ChartBatchCache();
    expect(cache.state({ start: 0, end: 99 })).toBe('empty');
    expect(cache.missing({ start: 0, end: 99 })).toEqual([{ start: 0, end: 99 }]);
    expect(cache.points({ start: 0, end: 99 })).toEqual({ t: [], v: [] });
  });

  it('screens §4: a begun batch is loading and no longer missing', () => {
    const cache = new ChartBatchCache();
    const id = cache.begin({ start: 0, end: 99 });
    expect(cache.batches()).toEqual([
      { id, start: 0, end: 99, state: 'loading', message: null, pointCount: 0 },
    ]);
    expect(cache.state({ start: 0, end: 99 })).toBe('loading');
    expect(cache.missing({ start: 0, end: 99 })).toEqual([]);
  });

  it('screens §4: a completed batch is done and serves its points', () => {
    const cache = new ChartBatchCache();
    const id = loaded(cache, { start: 0, end: 99 }, at(10, 50, 90));
    expect(cache.batches()).toEqual([{ id, start: 0, end: 99, state: 'done', message: null, pointCount: 3 }]);
    expect(cache.state({ start: 0, end: 99 })).toBe('done');
    expect(cache.points({ start: 0, end: 99 })).toEqual({ t: [10, 50, 90], v: [1, 5, 9] });
  });

  it('screens §4: a failed batch is error, keeps its message and is missing again', () => {
    const cache = new ChartBatchCache();
    const id = cache.begin({ start: 0, end: 99 });
    expect(cache.fail(id, 'Zeitüberschreitung')).toBe(true);
    expect(cache.batches()).toEqual([
      { id, start: 0, end: 99, state: 'error', message: 'Zeitüberschreitung', pointCount: 0 },
    ]);
    expect(cache.state({ start: 0, end: 99 })).toBe('error');
    expect(cache.missing({ start: 0, end: 99 })).toEqual([{ start: 0, end: 99 }]);
  });

  it('screens §4: loading the failed range again drops the failure', () => {
    const cache = new ChartBatchCache();
    cache.fail(cache.begin({ start: 0, end: 99 }), 'Fehler');
    const retry = cache.begin({ start: 0, end: 99 });
    expect(cache.batches().map((b) => [b.id, b.state])).toEqual([[retry, 'loading']]);
    expect(cache.state({ start: 0, end: 99 })).toBe('loading');
  });

  it('screens §4: the aggregate is error before loading, loading before empty, done only when all is done', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, at(5));
    expect(cache.state({ start: 0, end: 99 })).toBe('done');
    expect(cache.state({ start: 0, end: 199 })).toBe('empty');
    const loadingId = cache.begin({ start: 100, end: 199 });
    expect(cache.state({ start: 0, end: 199 })).toBe('loading');
    cache.fail(cache.begin({ start: 200, end: 299 }), 'Fehler');
    expect(cache.state({ start: 0, end: 299 })).toBe('error');
    expect(cache.state({ start: 0, end: 199 })).toBe('loading');
    cache.complete(loadingId, []);
    expect(cache.state({ start: 0, end: 199 })).toBe('done');
  });

  it('screens §4: a failure hidden under another batch that still covers it is no error', () => {
    const cache = new ChartBatchCache();
    const wide = cache.begin({ start: 0, end: 199 });
    cache.fail(cache.begin({ start: 100, end: 149 }), 'Fehler');
    expect(cache.state({ start: 0, end: 199 })).toBe('loading');
    cache.complete(wide, at(120));
    expect(cache.state({ start: 0, end: 199 })).toBe('done');
  });

  it('screens §4: late replies for settled batches are ignored', () => {
    const cache = new ChartBatchCache();
    const id = loaded(cache, { start: 0, end: 99 }, at(10));
    expect(cache.complete(id, at(20))).toBe(false);
    expect(cache.fail(id, 'zu spät')).toBe(false);
    expect(cache.complete(999, at(20))).toBe(false);
    expect(cache.points({ start: 0, end: 99 }).t).toEqual([10]);
  });
});

describe('ChartBatchCache gaps and merging (screens §4 "merged when adjacent and loaded; only the missing time gaps are fetched")', () => {
  it('screens §4: only the missing gaps between loaded batches are fetched', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, []);
    cache.begin({ start: 200, end: 299 });
    expect(cache.missing({ start: 0, end: 399 })).toEqual([
      { start: 100, end: 199 },
      { start: 300, end: 399 },
    ]);
    expect(cache.missing({ start: 50, end: 250 })).toEqual([{ start: 100, end: 199 }]);
    expect(cache.missing({ start: 150, end: 160 })).toEqual([{ start: 150, end: 160 }]);
  });

  it('screens §4: adjacent loaded batches merge into one', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, at(0, 99));
    const second = loaded(cache, { start: 100, end: 199 }, at(100, 150));
    expect(cache.batches()).toEqual([
      { id: second, start: 0, end: 199, state: 'done', message: null, pointCount: 4 },
    ]);
    expect(cache.points({ start: 0, end: 199 }).t).toEqual([0, 99, 100, 150]);
  });

  it('screens §4: a batch filling the gap merges both neighbours', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, at(50));
    loaded(cache, { start: 200, end: 299 }, at(250));
    loaded(cache, { start: 100, end: 199 }, at(150));
    expect(cache.batches().map((b) => [b.start, b.end, b.pointCount])).toEqual([[0, 299, 3]]);
    expect(cache.missing({ start: 0, end: 299 })).toEqual([]);
  });

  it('screens §4: batches with a gap between them stay apart', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, []);
    loaded(cache, { start: 101, end: 199 }, []);
    expect(cache.batches()).toHaveLength(2);
    expect(cache.missing({ start: 0, end: 199 })).toEqual([{ start: 100, end: 100 }]);
  });

  it('screens §4: overlapping loaded batches merge, the newer points replace older ones in their range', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 199 }, at(10, 100, 110, 190));
    loaded(cache, { start: 100, end: 299 }, [
      { t: 105, v: 1 },
      { t: 250, v: 2 },
    ]);
    expect(cache.batches().map((b) => [b.start, b.end])).toEqual([[0, 299]]);
    expect(cache.points({ start: 0, end: 299 })).toEqual({ t: [10, 105, 250], v: [1, 1, 2] });
  });

  it('screens §4: loading batches do not merge, and a loading batch over a done one is not missing', () => {
    const cache = new ChartBatchCache();
    const first = cache.begin({ start: 0, end: 99 });
    cache.begin({ start: 100, end: 199 });
    expect(cache.batches()).toHaveLength(2);
    cache.complete(first, []);
    expect(cache.batches().map((b) => b.state)).toEqual(['done', 'loading']);
  });

  it('keeps only the points inside the batch range, sorted, one per time (the later one wins)', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 100, end: 199 }, [
      { t: 150, v: 1 },
      { t: 99, v: 0 },
      { t: 120, v: 2 },
      { t: 150, v: 3 },
      { t: 200, v: 0 },
    ]);
    expect(cache.points({ start: 0, end: 999 })).toEqual({ t: [120, 150], v: [2, 3] });
  });

  it('widens fractional ranges to whole milliseconds and refuses reversed ones', () => {
    const cache = new ChartBatchCache();
    cache.begin({ start: 10.5, end: 19.2 });
    expect(cache.batches()[0]).toMatchObject({ start: 10, end: 20 });
    expect(() => cache.missing({ start: 5, end: 4 })).toThrow(RangeError);
    expect(() => cache.begin({ start: Number.NaN, end: 4 })).toThrow(RangeError);
  });
});

describe('ChartBatchCache points (lines reach the edges of the view)', () => {
  it('adds the nearest point either side from the batch that holds the edge', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 999 }, at(100, 200, 300, 400, 500));
    expect(cache.points({ start: 250, end: 450 }).t).toEqual([200, 300, 400, 500]);
    expect(cache.points({ start: 200, end: 400 }).t).toEqual([100, 200, 300, 400, 500]);
    expect(cache.points({ start: 0, end: 150 }).t).toEqual([100, 200]);
    expect(cache.points({ start: 510, end: 999 }).t).toEqual([500]);
  });

  it('does not reach across a gap that is not loaded', () => {
    const cache = new ChartBatchCache();
    loaded(cache, { start: 0, end: 99 }, at(50));
    loaded(cache, { start: 300, end: 399 }, at(350));
    expect(cache.points({ start: 100, end: 299 }).t).toEqual([]);
    expect(cache.points({ start: 60, end: 340 }).t).toEqual([50, 350]);
  });
});

describe('ChartBatchCache columns (a reply read into times and values)', () => {
  const columns = (points: ChartPoint[]) => ({ t: points.map((p) => p.t), v: points.map((p) => p.v) });

  it('screens §4: stores columns as it stores the same points, merged with the batches they touch', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -10, max: 110 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 90, max: 210 }), { maxLength: 30 }),
        (first, second) => {
          const byPoints = new ChartBatchCache();
          const byColumns = new ChartBatchCache();
          loaded(byPoints, { start: 0, end: 99 }, at(...first));
          byColumns.completeColumns(byColumns.begin({ start: 0, end: 99 }), columns(at(...first)));
          loaded(byPoints, { start: 100, end: 199 }, at(...second));
          byColumns.completeColumns(byColumns.begin({ start: 100, end: 199 }), columns(at(...second)));
          const all = { start: -50, end: 250 };
          expect(byColumns.points(all)).toEqual(byPoints.points(all));
          expect(byColumns.batches()).toEqual(byPoints.batches());
        },
      ),
    );
  });

  it('screens §4: keeps the points inside the batch of columns in time order, the later of equal times', () => {
    const cache = new ChartBatchCache();
    const id = cache.begin({ start: 10, end: 20 });
    cache.completeColumns(id, { t: [5, 12, 18, 12, 25], v: [1, 2, 3, 4, 5] });
    expect(cache.points({ start: 10, end: 20 })).toEqual({ t: [12, 18], v: [4, 3] });
  });
});

describe('resolution levels (DESIGN "History is thinned on the server", ≤ 4 points per pixel)', () => {
  it('puts ms per pixel into power-of-two buckets, rounding up', () => {
    expect(resolutionLevel(0.25)).toBe(0);
    expect(resolutionLevel(1)).toBe(0);
    expect(resolutionLevel(2)).toBe(1);
    expect(resolutionLevel(3)).toBe(2);
    expect(resolutionLevel(4)).toBe(2);
    expect(resolutionLevel(4.01)).toBe(3);
    // One year on 1000 pixels: about 31.5 million ms per pixel, 2^25 = 33.5 million.
    expect(resolutionLevel((365 * 86_400_000) / 1000)).toBe(25);
  });

  it('serves every view of a bucket with data at least as dense as it needs', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e12, noNaN: true }), (msPerPixel) => {
        const level = resolutionLevel(msPerPixel);
        expect(2 ** level).toBeGreaterThanOrEqual(msPerPixel);
        if (level > 0) expect(2 ** (level - 1)).toBeLessThan(msPerPixel);
      }),
    );
  });

  it('refuses ms per pixel that are not positive', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => resolutionLevel(bad)).toThrow(RangeError);
    }
  });

  it('asks for one pixel per 2^level ms, at least one', () => {
    expect(levelPixelWidth({ start: 0, end: 1023 }, 2)).toBe(256);
    expect(levelPixelWidth({ start: 0, end: 1024 }, 2)).toBe(257);
    expect(levelPixelWidth({ start: 5, end: 5 }, 10)).toBe(1);
  });

  it('keys a cache by series, source and level', () => {
    expect(chartBatchCacheKey('AnaIn-100001', 'MeasurementArchive', 12)).toBe(
      'AnaIn-100001|MeasurementArchive|12',
    );
    expect(chartBatchCacheKey('AnaIn-100001', 'DayValues', 12)).not.toBe(
      chartBatchCacheKey('AnaIn-100001', 'MeasurementArchive', 12),
    );
  });
});

// ---- Property: the cache against a model that tracks every millisecond of a small timeline ----

const SPAN = 200;
type Op =
  | { kind: 'begin'; start: number; length: number }
  | { kind: 'complete'; pick: number; points: ChartPoint[] }
  | { kind: 'fail'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('begin' as const),
    start: fc.integer({ min: -10, max: SPAN }),
    length: fc.integer({ min: 0, max: 80 }),
  }),
  fc.record({
    kind: fc.constant('complete' as const),
    pick: fc.nat(),
    points: fc.array(
      fc.record({ t: fc.integer({ min: -20, max: SPAN + 20 }), v: fc.integer({ min: -9, max: 9 }) }),
      {
        maxLength: 30,
      },
    ),
  }),
  fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }),
);
const queryArb = fc
  .tuple(fc.integer({ min: -20, max: SPAN + 20 }), fc.integer({ min: 0, max: SPAN }))
  .map(([start, length]) => ({ start, end: start + length }));

interface ModelBatch {
  id: number;
  range: TimeWindow;
  state: Exclude<BatchState, 'empty'>;
  dropped: boolean;
}

class Model {
  batches: ModelBatch[] = [];
  values = new Map<number, number>();
  covered = (t: number) =>
    this.batches.some((b) => b.state !== 'error' && b.range.start <= t && t <= b.range.end);
  failedAt = (t: number) =>
    this.batches.some((b) => b.state === 'error' && !b.dropped && b.range.start <= t && t <= b.range.end);
  loadingIn = (q: TimeWindow) =>
    this.batches.some((b) => b.state === 'loading' && b.range.start <= q.end && q.start <= b.range.end);
}

function apply(cache: ChartBatchCache, model: Model, op: Op): void {
  if (op.kind === 'begin') {
    const range = { start: op.start, end: op.start + op.length };
    for (const b of model.batches) {
      if (b.state === 'error' && b.range.start <= range.end && range.start <= b.range.end) b.dropped = true;
    }
    model.batches.push({ id: cache.begin(range), range, state: 'loading', dropped: false });
    return;
  }
  const target = model.batches[op.pick % Math.max(1, model.batches.length)];
  const id = target?.id ?? -1;
  if (op.kind === 'fail') {
    const applied = cache.fail(id, `Fehler ${id}`);
    expect(applied).toBe(target?.state === 'loading');
    if (applied && target) target.state = 'error';
    return;
  }
  const applied = cache.complete(id, op.points);
  expect(applied).toBe(target?.state === 'loading');
  if (!applied || !target) return;
  target.state = 'done';
  for (let t = target.range.start; t <= target.range.end; t++) model.values.delete(t);
  for (const p of op.points)
    if (p.t >= target.range.start && p.t <= target.range.end) model.values.set(p.t, p.v);
}

function check(cache: ChartBatchCache, model: Model, q: TimeWindow): void {
  const gaps = cache.missing(q);
  const info = cache.batches();
  const coveringParts = info
    .filter((b) => b.state !== 'error')
    .map((b) => ({ start: Math.max(b.start, q.start), end: Math.min(b.end, q.end) }))
    .filter((p) => p.start <= p.end);
  // Gaps are in order, inside the query, apart from each other (maximal), and not covered.
  gaps.forEach((gap, i) => {
    expect(gap.start).toBeLessThanOrEqual(gap.end);
    expect(gap.start).toBeGreaterThanOrEqual(q.start);
    expect(gap.end).toBeLessThanOrEqual(q.end);
    const next = gaps[i + 1];
    if (next) expect(next.start).toBeGreaterThan(gap.end + 1);
  });
  // missing ∪ covered == query, and missing never overlaps covered.
  const wrong: number[] = [];
  for (let t = q.start; t <= q.end; t++) {
    const inGap = gaps.some((g) => g.start <= t && t <= g.end);
    const inCover = coveringParts.some((p) => p.start <= t && t <= p.end);
    if (inGap === inCover || inCover !== model.covered(t)) wrong.push(t);
  }
  expect(wrong).toEqual([]);
  // Done batches never overlap nor touch; their point counts add up to the model.
  const done = info.filter((b) => b.state === 'done');
  done.forEach((b, i) => {
    const next = done[i + 1];
    if (next) expect(next.start).toBeGreaterThan(b.end + 1);
  });
  expect(done.reduce((sum, b) => sum + b.pointCount, 0)).toBe(model.values.size);
  // Points: sorted, unique, equal to the completed points in range plus one edge point either side.
  const { t, v } = cache.points(q);
  expect(v).toHaveLength(t.length);
  expect(t.every((time, i) => i === 0 || time > (t[i - 1] ?? time))).toBe(true);
  expect(v).toEqual(t.map((time) => model.values.get(time)));
  const expected = [...model.values.keys()]
    .filter((time) => time >= q.start && time <= q.end)
    .sort((a, b) => a - b);
  expect(t.filter((time) => time >= q.start && time <= q.end)).toEqual(expected);
  const edgeBatch = (edge: number) => done.find((b) => b.start <= edge && edge <= b.end);
  const holder = edgeBatch(q.start);
  const before = [...model.values.keys()].filter((time) => holder && time >= holder.start && time < q.start);
  expect(t.filter((time) => time < q.start)).toEqual(before.length > 0 ? [Math.max(...before)] : []);
  const endHolder = edgeBatch(q.end);
  const after = [...model.values.keys()].filter((time) => endHolder && time > q.end && time <= endHolder.end);
  expect(t.filter((time) => time > q.end)).toEqual(after.length > 0 ? [Math.min(...after)] : []);
  // Aggregate state.
  let wanted: BatchState = 'done';
  let anyGap = false;
  let anyFailed = false;
  for (let time = q.start; time <= q.end; time++) {
    if (model.covered(time)) continue;
    anyGap = true;
    if (model.failedAt(time)) anyFailed = true;
  }
  if (anyFailed) wanted = 'error';
  else if (model.loadingIn(q)) wanted = 'loading';
  else if (anyGap) wanted = 'empty';
  expect(cache.state(q)).toBe(wanted);
}

describe('ChartBatchCache property (screens §4 batches, gaps and merging)', () => {
  it('screens §4: after any begin/complete/fail sequence, missing and covered ranges partition the range and points match the completed data', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 40 }),
        fc.array(queryArb, { minLength: 1, maxLength: 4 }),
        (ops, queries) => {
          const cache = new ChartBatchCache();
          const model = new Model();
          for (const op of ops) {
            apply(cache, model, op);
            for (const q of queries) check(cache, model, q);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
