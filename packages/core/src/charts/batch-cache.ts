import type { TimeWindow } from '../time/quick-ranges.js';

/** States of a chart data batch (screens §4: empty, loading, done, error). */
export type BatchState = 'empty' | 'loading' | 'done' | 'error';

/** One data point of a series: time in ms, value. */
export interface ChartPoint {
  t: number;
  v: number;
}

/** What the cache tells about one of its batches (for inspection and tests). */
export interface ChartBatchInfo {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly state: Exclude<BatchState, 'empty'>;
  /** Why the batch failed; null unless its state is error. */
  readonly message: string | null;
  readonly pointCount: number;
}

interface Batch {
  id: number;
  start: number;
  end: number;
  state: Exclude<BatchState, 'empty'>;
  message: string | null;
  t: number[];
  v: number[];
}

/**
 * The resolution level of a view: the power of two of milliseconds per pixel, rounded up, and
 * 0 for a millisecond or less. Data loaded for level L holds at least one point budget per
 * 2^L ms, so it serves every view whose ms per pixel lies in (2^(L−1), 2^L] without a reload.
 */
export function resolutionLevel(msPerPixel: number): number {
  if (!Number.isFinite(msPerPixel) || msPerPixel <= 0) {
    throw new RangeError(`ms per pixel must be a positive number, got ${msPerPixel}`);
  }
  return Math.max(0, Math.ceil(Math.log2(msPerPixel)));
}

/** The pixel width to request a range with at a resolution level (2^level ms per pixel, at least 1). */
export function levelPixelWidth(range: TimeWindow, level: number): number {
  return Math.max(1, Math.ceil((range.end - range.start + 1) / 2 ** level));
}

/** The key of one cache: a series' data from one source at one resolution level. */
export function chartBatchCacheKey(seriesKey: string, source: string, level: number): string {
  return `${seriesKey}|${source}|${level}`;
}

/** Whole milliseconds, start ≤ end: a fractional range widens to the milliseconds it touches. */
function wholeRange(range: TimeWindow): TimeWindow {
  const start = Math.floor(range.start);
  const end = Math.ceil(range.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
    throw new RangeError(`Invalid range ${range.start} … ${range.end}`);
  }
  return { start, end };
}

/** First index whose time is ≥ t (`strict`: > t) in ascending times. */
function searchTime(times: readonly number[], t: number, strict = false): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = times[mid] ?? 0;
    if (at < t || (strict && at === t)) low = mid + 1;
    else high = mid;
  }
  return low;
}

const overlaps = (a: TimeWindow, b: TimeWindow) => a.start <= b.end && b.start <= a.end;
const touches = (a: TimeWindow, b: TimeWindow) => a.start <= b.end + 1 && b.start <= a.end + 1;

/**
 * The points in [start, end] in time order, one per time: of equal times the later point of the
 * list. A reply comes in time order without repeated times, so one pass mostly does; only
 * otherwise are the points sorted (a year of several series is tens of thousands of points, and
 * the chart waits for them).
 */
function pointsInside(points: readonly ChartPoint[], start: number, end: number): ChartPoint[] {
  const inside: ChartPoint[] = [];
  let previous = -Infinity;
  for (const p of points) {
    if (p.t < start || p.t > end) continue;
    if (!(p.t > previous)) {
      return points
        .filter((q) => q.t >= start && q.t <= end)
        .sort((a, b) => a.t - b.t)
        .filter((q, i, sorted) => sorted[i + 1]?.t !== q.t);
    }
    inside.push(p);
    previous = p.t;
  }
  return inside;
}

/** The points of one series as columns: times (ms) and values, index by index. */
export interface PointColumns {
  t: readonly number[];
  v: readonly number[];
}

/**
 * The columns' points in [start, end] as pointsInside takes them. In time order without repeated
 * times (as replies come) they are one stretch, cut out without a pass over every point.
 */
function columnsInside(columns: PointColumns, start: number, end: number): { t: number[]; v: number[] } {
  const { t, v } = columns;
  for (let i = 1; i < t.length; i++) {
    if (!((t[i] as number) > (t[i - 1] as number))) {
      const inside = pointsInside(
        t.map((time, k) => ({ t: time, v: v[k] ?? 0 })),
        start,
        end,
      );
      return { t: inside.map((p) => p.t), v: inside.map((p) => p.v) };
    }
  }
  // NaN times fail the order test above; here every time is a number in ascending order.
  const first = searchTime(t, start);
  const last = searchTime(t, end, true);
  return { t: t.slice(first, last), v: v.slice(first, last) };
}

/**
 * The loaded data of one series from one source at one resolution level, in batches
 * (screens §4: "Overlapping chart data batches are merged when adjacent and loaded; only the
 * missing time gaps are fetched"). Ranges are inclusive at both ends, in whole milliseconds.
 *
 * - A batch begins loading, then is done or failed. Loading and done batches cover their
 *   range; a failed range is missing again, and beginning a batch over it drops the failure.
 * - A completed batch keeps only its points inside its range and merges with every done batch
 *   it overlaps or touches; inside its own range its points replace older ones (newer data of
 *   a range wins). Done batches therefore never overlap and are never adjacent.
 * - A reply for a batch that is not loading (unknown id, already settled) is ignored.
 */
export class ChartBatchCache {
  private list: Batch[] = [];
  private nextId = 1;

  /** The parts of `range` no loading or done batch covers, in time order. */
  missing(range: TimeWindow): TimeWindow[] {
    const { start, end } = wholeRange(range);
    const covering = this.list
      .filter((b) => b.state !== 'error' && overlaps(b, { start, end }))
      .sort((a, b) => a.start - b.start);
    const gaps: TimeWindow[] = [];
    let cursor = start;
    for (const batch of covering) {
      if (batch.start > cursor) gaps.push({ start: cursor, end: batch.start - 1 });
      cursor = Math.max(cursor, batch.end + 1);
      if (cursor > end) return gaps;
    }
    gaps.push({ start: cursor, end });
    return gaps;
  }

  /** Starts loading a range; returns the batch id. Failures overlapping the range are dropped. */
  begin(range: TimeWindow): number {
    const { start, end } = wholeRange(range);
    this.list = this.list.filter((b) => b.state !== 'error' || !overlaps(b, { start, end }));
    const id = this.nextId++;
    this.list.push({ id, start, end, state: 'loading', message: null, t: [], v: [] });
    return id;
  }

  /** Stores the points of a loading batch and merges it with the done batches it touches. */
  complete(id: number, points: readonly ChartPoint[]): boolean {
    return this.completeColumns(id, { t: points.map((p) => p.t), v: points.map((p) => p.v) });
  }

  /** As complete, with the points as columns (index by index), as a reply is read into them. */
  completeColumns(id: number, columns: PointColumns): boolean {
    const batch = this.loading(id);
    if (!batch) return false;
    const inside = columnsInside(columns, batch.start, batch.end);
    const neighbours = this.list
      .filter((b) => b.state === 'done' && touches(b, batch))
      .sort((a, b) => a.start - b.start);
    const before = neighbours.map((n) => searchTime(n.t, batch.start));
    const after = neighbours.map((n) => searchTime(n.t, batch.end, true));
    const joined = (column: (b: { t: number[]; v: number[] }) => number[]) =>
      neighbours.length === 0
        ? column(inside)
        : ([] as number[]).concat(
            ...neighbours.map((n, i) => column(n).slice(0, before[i])),
            column(inside),
            ...neighbours.map((n, i) => column(n).slice(after[i])),
          );
    const t = joined((b) => b.t);
    const v = joined((b) => b.v);
    this.list = this.list.filter((b) => !neighbours.includes(b));
    batch.start = Math.min(batch.start, ...neighbours.map((n) => n.start));
    batch.end = Math.max(batch.end, ...neighbours.map((n) => n.end));
    batch.state = 'done';
    batch.t = t;
    batch.v = v;
    return true;
  }

  /** Marks a loading batch failed and keeps the message; its range counts as missing again. */
  fail(id: number, message: string): boolean {
    const batch = this.loading(id);
    if (!batch) return false;
    batch.state = 'error';
    batch.message = message;
    return true;
  }

  /**
   * The loaded points in time order inside `range`, plus the nearest point either side from the
   * done batch that holds the range's edge, so lines reach the edges of the view.
   */
  points(range: TimeWindow): { t: number[]; v: number[] } {
    const { start, end } = wholeRange(range);
    const done = this.list.filter((b) => b.state === 'done').sort((a, b) => a.start - b.start);
    const t: number[][] = [];
    const v: number[][] = [];
    for (const batch of done) {
      if (batch.start > end || batch.end < start) {
        continue;
      }
      let first = searchTime(batch.t, start);
      let last = searchTime(batch.t, end, true);
      if (batch.start <= start && first > 0) first -= 1;
      if (batch.end >= end && last < batch.t.length) last += 1;
      t.push(batch.t.slice(first, last));
      v.push(batch.v.slice(first, last));
    }
    return { t: ([] as number[]).concat(...t), v: ([] as number[]).concat(...v) };
  }

  /**
   * The aggregate state of a range: error when a part of it is missing because its batch
   * failed; else loading while any batch in it loads; done when done batches cover all of it;
   * empty when a part of it was never requested.
   */
  state(range: TimeWindow): BatchState {
    const whole = wholeRange(range);
    const gaps = this.missing(whole);
    const failed = this.list.filter((b) => b.state === 'error');
    if (gaps.some((gap) => failed.some((b) => overlaps(b, gap)))) return 'error';
    if (this.list.some((b) => b.state === 'loading' && overlaps(b, whole))) return 'loading';
    return gaps.length === 0 ? 'done' : 'empty';
  }

  /** Every batch in time order (ties by id). */
  batches(): ChartBatchInfo[] {
    return [...this.list]
      .sort((a, b) => a.start - b.start || a.id - b.id)
      .map(({ id, start, end, state, message, t }) => ({
        id,
        start,
        end,
        state,
        message,
        pointCount: t.length,
      }));
  }

  private loading(id: number): Batch | undefined {
    return this.list.find((b) => b.id === id && b.state === 'loading');
  }
}
