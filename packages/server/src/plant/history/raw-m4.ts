import { M4Reducer, QUARTER_HOUR_MS, columnOf, quarterHourStart, type Point } from '@leitwarte/core';
import type { HistoryRepository } from '../../store/historian/index.js';

/**
 * M4 of the raw samples of a series over [start, end) at `width` columns, reading as few rows
 * as possible. A quarter hour that lies inside one pixel column is represented exactly by its
 * rollup's first, last, min and max samples (M4 of a superset of a column's extremes is the
 * same), so only quarter hours that a column boundary cuts, and the partial ones at the range
 * ends, are read raw. A year at 1,920 columns reads about 35,000 rollups and 29,000 samples
 * instead of 525,600 samples. Rollups stand for raw samples only from the first full quarter
 * hour after the oldest raw sample: retention may have removed older raw samples already.
 */
export async function rawM4(
  repo: HistoryRepository,
  seriesId: number,
  start: number,
  end: number,
  width: number,
): Promise<Point[]> {
  const reducer = new M4Reducer(start, end, width);
  const push = (t: number, v: number) => reducer.push(t, v);
  const columnMs = (end - start) / width;
  const oldest = await repo.edgeTime('MeasurementArchive', [seriesId], 'first');
  if (oldest === null || oldest >= end) return [];
  const tilesFrom = Math.max(quarterHourStart(oldest) + QUARTER_HOUR_MS, start);
  // Tiles pay off only when a column spans several quarter hours.
  const a = Math.ceil(tilesFrom / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const b = quarterHourStart(end);
  if (columnMs < 2 * QUARTER_HOUR_MS || b - a < 2 * QUARTER_HOUR_MS) {
    await repo.scanSamples(seriesId, start, end, push);
    return reducer.result();
  }
  await repo.scanSamples(seriesId, start, a, push);
  const tiles: number[][] = [];
  const cut: number[] = [];
  await repo.scanTiles(seriesId, a, b, (row) => {
    tiles.push(row as number[]);
    const t = row[0] as number;
    if (columnOf(t, start, end, width) !== columnOf(t + QUARTER_HOUR_MS - 1, start, end, width)) cut.push(t);
  });
  const raw = await repo.samplesInWindows(seriesId, cut, QUARTER_HOUR_MS);
  let r = 0;
  for (const tile of tiles) {
    const t = tile[0] as number;
    if (columnOf(t, start, end, width) !== columnOf(t + QUARTER_HOUR_MS - 1, start, end, width)) {
      while (r < raw.length && (raw[r] as Point).t < t + QUARTER_HOUR_MS) {
        const p = raw[r++] as Point;
        push(p.t, p.v);
      }
      continue;
    }
    // first, last, min, max of the quarter hour in time order, each once.
    const points: [number, number][] = [
      [tile[1] as number, tile[2] as number],
      [tile[3] as number, tile[4] as number],
      [tile[5] as number, tile[6] as number],
      [tile[7] as number, tile[8] as number],
    ];
    points.sort((x, y) => x[0] - y[0]);
    let last = -Infinity;
    for (const [pt, pv] of points) {
      if (pt === last) continue;
      last = pt;
      push(pt, pv);
    }
  }
  await repo.scanSamples(seriesId, b, end, push);
  return reducer.result();
}
