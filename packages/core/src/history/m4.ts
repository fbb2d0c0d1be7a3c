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
  private first: Point = { t: 0, v: 0 };
  private last: Point = { t: 0, v: 0 };
  private min: Point = { t: 0, v: 0 };
  private max: Point = { t: 0, v: 0 };

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
      this.first = this.last = this.min = this.max = { t, v };
      return;
    }
    const p = { t, v };
    this.last = p;
    if (v < this.min.v) this.min = p;
    if (v > this.max.v) this.max = p;
  }

  private close(): void {
    if (this.col < 0) return;
    // The four points in time order, without repeats.
    const four = [...new Set([this.first, this.min, this.max, this.last])].sort((a, b) => a.t - b.t);
    for (const p of four) this.out.push(p);
  }

  /** The reduced points in time order; call once, after the last push. */
  result(): Point[] {
    this.close();
    this.col = -1;
    return this.out;
  }
}

/** M4 of points in time order over [start, end) at `width` columns. */
export function m4(points: Iterable<Point>, start: number, end: number, width: number): Point[] {
  const reducer = new M4Reducer(start, end, width);
  for (const p of points) reducer.push(p.t, p.v);
  return reducer.result();
}
