import type uPlot from 'uplot';

/** Points of one series, times in ms, sorted ascending. */
export interface SeriesPoints {
  t: readonly number[];
  v: readonly number[];
}

/**
 * Aligns several sorted series on one time axis for uPlot: x in seconds, one value column per
 * series with null where that series has no point. A k-way merge over the sorted inputs keeps
 * this linear in the number of points (times the few series a chart holds). Within one series a
 * repeated time keeps its last value; non-finite values become gaps.
 */
export function joinSeriesData(list: readonly SeriesPoints[]): uPlot.AlignedData {
  const k = list.length;
  const heads = new Array<number>(k).fill(0);
  const xs: number[] = [];
  const columns: (number | null)[][] = list.map(() => []);
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
    xs.push(next / 1000);
    for (let s = 0; s < k; s++) {
      const series = list[s];
      const column = columns[s];
      if (!series || !column) continue;
      let i = heads[s] ?? 0;
      if (i < series.t.length && series.t[i] === next) {
        while (i + 1 < series.t.length && series.t[i + 1] === next) i++;
        const v = series.v[i];
        column.push(v !== undefined && Number.isFinite(v) ? v : null);
        heads[s] = i + 1;
      } else {
        column.push(null);
      }
    }
  }
  return [xs, ...columns];
}
