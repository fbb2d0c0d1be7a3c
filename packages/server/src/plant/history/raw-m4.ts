import { M4Reducer, QUARTER_HOUR_MS, columnOf, quarterHourStart, type Point } from '@leitwarte/core';
import type { HistoryRepository } from '../../store/historian/index.js';

/**
 * M4 of the raw samples of a series over [start, end) at `width` columns, reading as few rows
 * as possible. The quarter hours that lie inside one pixel column are represented exactly by
 * the merge of their rollups: the first, last, earliest minimum and earliest maximum sample of
 * those quarter hours (M4 of a superset of a column's extremes is the same), which the database
 * finds per column and returns as one row. Only quarter hours that a column boundary cuts, and
 * the partial ones at the range ends, are read raw. A year at 1,920 columns reads about 1,920
 * tiles and 29,000 samples instead of 525,600 samples. Rollups stand for raw samples only from
 * the first full quarter hour after the oldest raw sample: retention may have removed older raw
 * samples already.
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
  // Quarter hours inside one column form one range per column; the others are read raw.
  const ranges: number[] = [];
  const cut: number[] = [];
  let rangeColumn = -1;
  for (let t = a; t < b; t += QUARTER_HOUR_MS) {
    const column = columnOf(t, start, end, width);
    if (column !== columnOf(t + QUARTER_HOUR_MS - 1, start, end, width)) {
      cut.push(t);
      rangeColumn = -1;
    } else if (column === rangeColumn) {
      ranges[ranges.length - 1] = t + QUARTER_HOUR_MS;
    } else {
      ranges.push(t, t + QUARTER_HOUR_MS);
      rangeColumn = column;
    }
  }
  const [tiles, raw] = await Promise.all([
    repo.columnTiles(seriesId, ranges),
    repo.samplesInWindows(seriesId, cut, QUARTER_HOUR_MS),
  ]);
  // Both in time order and disjoint: merge them by time.
  let r = 0;
  for (const tile of tiles) {
    const from = tile[0] as number;
    for (; r < raw.length && (raw[r] as number) < from; r += 2) push(raw[r] as number, raw[r + 1] as number);
    // first, last, min, max of the range in time order, each sample once.
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
  for (; r < raw.length; r += 2) push(raw[r] as number, raw[r + 1] as number);
  await repo.scanSamples(seriesId, b, end, push);
  return reducer.result();
}
