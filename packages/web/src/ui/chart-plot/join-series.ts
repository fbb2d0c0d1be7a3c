import type uPlot from 'uplot';

/** Points of one series, times in ms, sorted ascending (equal times allowed). */
export interface SeriesPoints {
  t: readonly number[];
  v: readonly number[];
}

/**
 * Aligns several sorted series on one time axis for uPlot: x in seconds, non-decreasing, one
 * value column per series. A k-way merge over the sorted inputs keeps this linear in the number
 * of points (times the few series a chart holds).
 *
 * Equal times within a series are all kept, in their order: reduced data drawn at the start of
 * its pixel column has several points at one x (a vertical stroke). A time shared by series gets
 * as many rows as the series with most points there has; a series with fewer points at that time
 * leaves its extra rows undefined, which uPlot passes over without breaking the line. A series
 * with no point at a time has null there; a gap in the data (NaN, null in JSON: the archive was
 * not recording) stays NaN; other non-finite values become null.
 */
export function joinSeriesData(list: readonly SeriesPoints[]): uPlot.AlignedData {
  const k = list.length;
  const heads = new Array<number>(k).fill(0);
  const runs = new Array<number>(k).fill(0);
  const xs: number[] = [];
  const columns: (number | null | undefined)[][] = list.map(() => []);
  for (;;) {
    let next = Infinity;
    for (let s = 0; s < k; s++) {
      const series = list[s];
      const i = heads[s] ?? 0;
      if (series && i < series.t.length) {
        const t = series.t[i] ?? Infinity;
        if (t < next) next = t;
      }
    }
    if (next === Infinity) break;
    let rows = 0;
    for (let s = 0; s < k; s++) {
      const series = list[s];
      const i = heads[s] ?? 0;
      let end = i;
      if (series) while (end < series.t.length && series.t[end] === next) end++;
      runs[s] = end - i;
      if (end - i > rows) rows = end - i;
    }
    const x = next / 1000;
    for (let r = 0; r < rows; r++) xs.push(x);
    for (let s = 0; s < k; s++) {
      const series = list[s];
      const column = columns[s];
      if (!series || !column) continue;
      const i = heads[s] ?? 0;
      const run = runs[s] ?? 0;
      if (run === 0) {
        for (let r = 0; r < rows; r++) column.push(null);
        continue;
      }
      for (let r = 0; r < run; r++) {
        const v = series.v[i + r] as number | null | undefined;
        // NaN (null in JSON) is a gap in the data itself: kept as NaN for drawnColumns to break at.
        column.push(
          v === null || Number.isNaN(v) ? Number.NaN : v !== undefined && Number.isFinite(v) ? v : null,
        );
      }
      for (let r = run; r < rows; r++) column.push(undefined);
      heads[s] = i + run;
    }
  }
  return [xs, ...columns];
}
