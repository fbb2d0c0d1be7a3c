import { NO_SAMPLE, type RunTiles } from './run-tiles.js';

/** A time-series point: time in ms and value. */
export interface Point {
  t: number;
  v: number;
}

/** Pixel column of a time in a range drawn `width` columns wide; may lie outside [0, width). */
export function columnOf(t: number, start: number, end: number, width: number): number {
  return Math.floor(((t - start) * width) / (end - start));
}

/**
 * M4 reduction (Jugel et al., VLDB 2014): per pixel column keep the first, last, minimum and
 * maximum point. A line drawn through the result covers exactly the pixels of the line drawn
 * through all points, with at most 4 points per column. Points must be pushed in time order;
 * points outside [start, end) are ignored.
 */
export class M4Reducer {
  private readonly out: Point[] = [];
  private col = -1;
  // The column's first, minimum, maximum and last point as numbers, with their push index in
  // the column (which point is which): no object per pushed point, only per point kept.
  private pushes = 0;
  private firstT = 0;
  private firstV = 0;
  private minT = 0;
  private minV = 0;
  private minI = 0;
  private maxT = 0;
  private maxV = 0;
  private maxI = 0;
  private lastT = 0;
  private lastV = 0;
  private lastI = 0;
  // Below this time a point lies in the open column for sure (pushRun): one comparison instead
  // of a division per point; points from here on get their column computed.
  private sameColumnBelow = -Infinity;
  private readonly keptT = new Float64Array(4);
  private readonly keptV = new Float64Array(4);
  private readonly keptI = new Int32Array(4);
  private kept = 0;
  // What scanExtremes found: the indices of a new minimum and maximum (-1: none) and their values.
  private readonly scanned = { minAt: -1, maxAt: -1, minV: 0, maxV: 0 };

  constructor(
    readonly start: number,
    readonly end: number,
    readonly width: number,
  ) {
    if (!(end > start)) throw new RangeError('end must be after start');
    if (!Number.isInteger(width) || width < 1) throw new RangeError('width must be a positive integer');
  }

  /** Adds a point (time order). */
  push(t: number, v: number): void {
    if (t < this.start || t >= this.end) return;
    const c = columnOf(t, this.start, this.end, this.width);
    if (c !== this.col) {
      this.close();
      this.col = c;
      this.pushes = 0;
      this.firstT = this.minT = this.maxT = this.lastT = t;
      this.firstV = this.minV = this.maxV = this.lastV = v;
      this.minI = this.maxI = this.lastI = 0;
      return;
    }
    const i = ++this.pushes;
    this.lastT = t;
    this.lastV = v;
    this.lastI = i;
    if (v < this.minV) {
      this.minT = t;
      this.minV = v;
      this.minI = i;
    }
    if (v > this.maxV) {
      this.maxT = t;
      this.maxV = v;
      this.maxI = i;
    }
  }

  /**
   * Adds the points (base + offsets[i], values[i]) for i in [from, to), in time order: the same
   * as a push of each, without a division per point (the M4 of a year of one-minute samples
   * pushes half a million of them). Each column's run ends where a search of the sorted offsets
   * says, and its extremes come from a plain scan of the values: about 1 ns a point. With the
   * run's tiles (offsets and tiles of the same run), the whole tiles inside a column give their
   * extremes instead of their samples.
   */
  pushRun(
    base: number,
    offsets: ArrayLike<number>,
    values: ArrayLike<number>,
    from = 0,
    to = offsets.length,
    tiles: RunTiles | null = null,
  ): void {
    let i = runEnd(base, offsets, from, to, this.start);
    while (i < to) {
      const t = base + (offsets[i] as number);
      if (t >= this.end) return;
      // A new column (or maybe one, near a boundary): the exact rule of push.
      this.push(t, values[i] as number);
      if (this.pushes === 0) {
        const width = this.end - this.start;
        this.sameColumnBelow = this.start + ((this.col + 1) * width) / this.width - 1;
      }
      i++;
      // The rest of the column: its extremes, and its last point taken after.
      const runStart = i;
      i = runEnd(base, offsets, i, to, Math.min(this.sameColumnBelow, this.end));
      if (i === runStart) continue;
      this.scanExtremes(offsets, values, runStart, i, tiles);
      const { minAt, maxAt, minV, maxV } = this.scanned;
      const pushes = this.pushes;
      if (minAt >= 0) {
        this.minV = minV;
        this.minT = base + (offsets[minAt] as number);
        this.minI = pushes + minAt - runStart + 1;
      }
      if (maxAt >= 0) {
        this.maxV = maxV;
        this.maxT = base + (offsets[maxAt] as number);
        this.maxI = pushes + maxAt - runStart + 1;
      }
      this.pushes = this.lastI = pushes + i - runStart;
      this.lastT = base + (offsets[i - 1] as number);
      this.lastV = values[i - 1] as number;
    }
  }

  /**
   * The earliest samples in [a, b) below the open column's minimum and above its maximum, in
   * index order: samples, then the extremes of the tiles wholly inside, then samples again.
   */
  private scanExtremes(
    offsets: ArrayLike<number>,
    values: ArrayLike<number>,
    a: number,
    b: number,
    tiles: RunTiles | null,
  ): void {
    const found = this.scanned;
    found.minAt = found.maxAt = -1;
    found.minV = this.minV;
    found.maxV = this.maxV;
    if (tiles !== null && b - a > TILED_SCAN_MIN) {
      const { tileMs, starts, minAt, maxAt } = tiles;
      // The first tile starting at a or later, the last ending at b or before.
      let first = Math.floor((offsets[a] as number) / tileMs);
      if (starts[first] !== a) first++;
      let last = Math.floor((offsets[b - 1] as number) / tileMs);
      if (starts[last + 1] !== b) last--;
      if (first <= last) {
        scanValues(values, a, starts[first] as number, found);
        for (let k = first; k <= last; k++) {
          const lo = minAt[k] as number;
          if (lo !== NO_SAMPLE && (values[lo] as number) < found.minV) {
            found.minV = values[lo] as number;
            found.minAt = lo;
          }
          const hi = maxAt[k] as number;
          if (hi !== NO_SAMPLE && (values[hi] as number) > found.maxV) {
            found.maxV = values[hi] as number;
            found.maxAt = hi;
          }
        }
        a = starts[last + 1] as number;
      }
    }
    scanValues(values, a, b, found);
  }

  private close(): void {
    if (this.col < 0) return;
    // The four points in time order, without repeats (stable: on equal times in this order).
    this.kept = 0;
    this.keep(0, this.firstT, this.firstV);
    this.keep(this.minI, this.minT, this.minV);
    this.keep(this.maxI, this.maxT, this.maxV);
    this.keep(this.lastI, this.lastT, this.lastV);
    for (let k = 0; k < this.kept; k++)
      this.out.push({ t: this.keptT[k] as number, v: this.keptV[k] as number });
  }

  private keep(i: number, t: number, v: number): void {
    for (let k = 0; k < this.kept; k++) if (this.keptI[k] === i) return;
    let k = this.kept++;
    for (; k > 0 && (this.keptT[k - 1] as number) > t; k--) {
      this.keptT[k] = this.keptT[k - 1] as number;
      this.keptV[k] = this.keptV[k - 1] as number;
      this.keptI[k] = this.keptI[k - 1] as number;
    }
    this.keptT[k] = t;
    this.keptV[k] = v;
    this.keptI[k] = i;
  }

  /** The reduced points in time order; call once, after the last push. */
  result(): Point[] {
    this.close();
    this.col = -1;
    return this.out;
  }
}

/** Runs this short are scanned sample by sample even where tiles are known. */
const TILED_SCAN_MIN = 64;

/** The earliest values in [a, b) below found.minV and above found.maxV, noted in `found`. */
function scanValues(
  values: ArrayLike<number>,
  a: number,
  b: number,
  found: { minAt: number; maxAt: number; minV: number; maxV: number },
): void {
  let minV = found.minV;
  let maxV = found.maxV;
  let minAt = found.minAt;
  let maxAt = found.maxAt;
  for (let k = a; k < b; k++) {
    const v = values[k] as number;
    if (v < minV) {
      minV = v;
      minAt = k;
    }
    if (v > maxV) {
      maxV = v;
      maxAt = k;
    }
  }
  found.minV = minV;
  found.maxV = maxV;
  found.minAt = minAt;
  found.maxAt = maxAt;
}

/**
 * The first index in [from, to) whose time (base + offset) is at or after `limit`, else `to`;
 * offsets ascending. Galloping, then halving: a short run costs a step or two, a long one about
 * twice its logarithm. (pushRun relies on it not ending late, which would merge two columns.)
 */
function runEnd(base: number, offsets: ArrayLike<number>, from: number, to: number, limit: number): number {
  // Times compared as push compares them (base + offset, exact in ms), not offsets with limit - base.
  const before = (k: number) => base + (offsets[k] as number) < limit;
  let lo = from;
  let step = 1;
  while (lo < to && before(lo)) {
    const next = lo + step;
    if (next >= to || !before(next)) {
      // The end lies in (lo, min(next, to)].
      let hi = Math.min(next, to);
      lo++;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(mid)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    }
    lo = next;
    step *= 2;
  }
  return lo;
}

/** M4 of points in time order over [start, end) at `width` columns. */
export function m4(points: Iterable<Point>, start: number, end: number, width: number): Point[] {
  const reducer = new M4Reducer(start, end, width);
  for (const p of points) reducer.push(p.t, p.v);
  return reducer.result();
}
