import { M4Reducer, QUARTER_HOUR_MS, columnOf, quarterHourStart, type Point } from '@leitwarte/core';
import type { TileRange } from '../../store/historian/column-tiles.js';
import type { RawChartReads } from '../../store/historian/index.js';

/**
 * Days of a range that may be read from history_sample when the rest is packed: the day under
 * way, a first day that retention has cut, a day written late and not yet packed again. With
 * more (history not packed yet) the searches below read less.
 */
const LOOSE_DAYS_MAX = 7;

/**
 * M4 of the raw samples of a series over [start, end) at `width` columns, reading as few rows
 * as possible. On SQLite, closed days are packed one row each (sample-days.ts), and a range
 * whose days are packed is read in one pass over them. Otherwise (PostgreSQL, history not packed
 * yet) the quarter hours that lie inside one pixel column form one range per column, represented
 * exactly by the merge of their rollups: the first, last, earliest minimum and
 * earliest maximum sample of the range (M4 of a superset of a column's extremes is the same).
 * Only quarter hours that a column boundary cuts, and the partial ones at the range ends, are
 * read raw: a year at 1,920 columns reads about 29,000 samples instead of 525,600. Those are
 * read first, because they decide what a range must still add: its first (last) sample only
 * when no raw sample of its column comes before (after) it, its minimum only when it is at
 * most the raw samples' minimum (the maximum alike). Columns drift slowly, so their extremes
 * mostly lie at the cut edges, and most ranges then add nothing. Rollups stand for
 * raw samples only from the first full quarter hour after the oldest raw sample: retention may
 * have removed older raw samples already.
 */
export async function rawM4(
  repo: RawChartReads,
  seriesId: number,
  start: number,
  end: number,
  width: number,
): Promise<Point[]> {
  const reducer = new M4Reducer(start, end, width);
  // Packed days (SQLite) are read whole: far fewer rows than the searches below.
  const packed = repo.sampleDays?.visitRuns(
    seriesId,
    start,
    end,
    LOOSE_DAYS_MAX,
    (base, offsets, values, i, j, tiles) => reducer.pushRun(base, offsets, values, i, j, tiles),
  );
  if (packed === true) return reducer.result();
  const columnMs = (end - start) / width;
  const oldest = await repo.edgeTime('MeasurementArchive', [seriesId], 'first');
  if (oldest === null || oldest >= end) return [];
  const tilesFrom = Math.max(quarterHourStart(oldest) + QUARTER_HOUR_MS, start);
  // Tiles pay off only when a column spans several quarter hours.
  const a = Math.ceil(tilesFrom / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const b = quarterHourStart(end);
  if (columnMs < 2 * QUARTER_HOUR_MS || b - a < 2 * QUARTER_HOUR_MS) {
    await repo.scanSamples(seriesId, start, end, (t, v) => reducer.push(t, v));
    return reducer.result();
  }
  const { ranges, columns, cut } = planColumns(a, b, start, end, width);
  // Raw samples first, flat t, v in time order: the partial quarter hours at the start, the cut
  // ones, the partial ones at the end.
  const head: number[] = [];
  const tail: number[] = [];
  await repo.scanSamples(seriesId, start, a, (t, v) => head.push(t, v));
  const cutRaw = await repo.samplesInWindows(seriesId, cut, QUARTER_HOUR_MS);
  await repo.scanSamples(seriesId, b, end, (t, v) => tail.push(t, v));
  const parts = [head, cutRaw, tail];
  wantedOfRanges(ranges, columns, parts, start, end, width);
  const tiles = await repo.columnTiles(seriesId, ranges);
  // Both in time order and disjoint: merge them by time.
  let k = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 2) {
      const t = part[i] as number;
      for (; k < tiles.length && ((tiles[k] as (number | null)[])[0] as number) < t; k++) {
        pushTile(reducer, tiles[k] as (number | null)[]);
      }
      reducer.push(t, part[i + 1] as number);
    }
  }
  for (; k < tiles.length; k++) pushTile(reducer, tiles[k] as (number | null)[]);
  return reducer.result();
}

/** The ranges of whole quarter hours inside one column each (with their columns) and the cut quarter hours. */
function planColumns(a: number, b: number, start: number, end: number, width: number) {
  const ranges: TileRange[] = [];
  const columns: number[] = [];
  const cut: number[] = [];
  let rangeColumn = -1;
  for (let t = a; t < b; t += QUARTER_HOUR_MS) {
    const column = columnOf(t, start, end, width);
    if (column !== columnOf(t + QUARTER_HOUR_MS - 1, start, end, width)) {
      cut.push(t);
      rangeColumn = -1;
    } else if (column === rangeColumn) {
      (ranges[ranges.length - 1] as TileRange).to = t + QUARTER_HOUR_MS;
    } else {
      ranges.push({
        from: t,
        to: t + QUARTER_HOUR_MS,
        first: true,
        last: true,
        minAtMost: null,
        maxAtLeast: null,
      });
      columns.push(column);
      rangeColumn = column;
    }
  }
  return { ranges, columns, cut };
}

/**
 * Sets what each range must still add from the raw samples of its column (see rawM4). A range's
 * extreme that only ties the raw one is asked for too: the reducer keeps the earliest anyway.
 */
function wantedOfRanges(
  ranges: TileRange[],
  columns: readonly number[],
  parts: readonly (readonly number[])[],
  start: number,
  end: number,
  width: number,
): void {
  const rangeOf = new Int32Array(width).fill(-1);
  columns.forEach((column, r) => (rangeOf[column] = r));
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 2) {
      const t = part[i] as number;
      const v = part[i + 1] as number;
      const range = ranges[rangeOf[columnOf(t, start, end, width)] ?? -1];
      if (range === undefined) continue;
      if (t < range.from) range.first = false;
      else range.last = false;
      if (range.minAtMost === null || v < range.minAtMost) range.minAtMost = v;
      if (range.maxAtLeast === null || v > range.maxAtLeast) range.maxAtLeast = v;
    }
  }
}

/** A tile's points (up to four, some the same sample) in time order, each once. */
function pushTile(reducer: M4Reducer, tile: readonly (number | null)[]): void {
  let last = -Infinity;
  for (;;) {
    let next = -1;
    for (let j = 1; j < 9; j += 2) {
      const t = tile[j];
      if (t !== null && t !== undefined && t > last && (next < 0 || t < (tile[next] as number))) next = j;
    }
    if (next < 0) return;
    last = tile[next] as number;
    reducer.push(last, tile[next + 1] as number);
  }
}
