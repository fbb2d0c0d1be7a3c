import type Database from 'better-sqlite3';
import { ROLLUP_TABLES } from './schema.js';

/**
 * The SQLite reads on prepared statements of a connection (the historian's own, or a read-only
 * one of a read thread): scans read rows as arrays instead of one object per row.
 */
export function createSqliteReads(raw: Database.Database) {
  const scan = raw
    .prepare('select t, v from history_sample where series_id = ? and t >= ? and t < ? order by t')
    .raw();
  // The samples of all windows as two JSON arrays (times, values) in one row: handing each
  // sample over as a row of its own costs about twice as much as SQLite's read of it (the query
  // alone, measured 29 against 12.5 ms for the 19,000 samples of a year's cut quarter hours),
  // and SQLite writes reals in JSON with enough digits to read back the same double.
  // CROSS JOIN keeps the windows outside: one index range per window, never a table scan.
  // No ORDER BY (a sort costs a fifth of the query): the caller checks the order instead.
  const windows = raw
    .prepare(
      `select json_group_array(s.t), json_group_array(s.v) from json_each(?) w cross join history_sample s
       on s.series_id = ? and s.t >= w.value and s.t < w.value + ?`,
    )
    .raw();
  // The first or last time of a series in a table: one probe at an end of its (series_id, t)
  // range. Prepared once: through the query builder the probe cost more than the read itself
  // (about 2 ms against a few µs), and a chart of the raw samples asks it once per series.
  const edges = new Map<string, Database.Statement>();
  for (const table of ['history_sample', ...Object.values(ROLLUP_TABLES)]) {
    for (const order of ['asc', 'desc']) {
      edges.set(
        `${table} ${order}`,
        raw.prepare(`select t from ${table} where series_id = ? order by t ${order} limit 1`).pluck(),
      );
    }
  }
  const newest = raw.prepare('select t, v from history_sample where series_id = ? order by t desc limit 1');
  return {
    lastSample(seriesId: number): { t: number; v: number } | null {
      return (newest.get(seriesId) as { t: number; v: number } | undefined) ?? null;
    },
    scanSamples(seriesId: number, from: number, to: number, visit: (t: number, v: number) => void) {
      for (const row of scan.iterate(seriesId, from, to) as Iterable<[number, number]>) visit(row[0], row[1]);
    },
    edgeTime(table: string, seriesIds: readonly number[], edge: 'first' | 'last'): number | null {
      const statement = edges.get(`${table} ${edge === 'first' ? 'asc' : 'desc'}`);
      if (statement === undefined) throw new Error(`no historian table ${table}`);
      let best: number | null = null;
      for (const id of seriesIds) {
        const t = statement.get(id) as number | undefined;
        if (t !== undefined && (best === null || (edge === 'first' ? t < best : t > best))) best = t;
      }
      return best;
    },
    samplesInWindows(seriesId: number, starts: readonly number[], length: number) {
      const [times, values] = windows.get(JSON.stringify(starts), seriesId, length) as [string, string];
      const t = JSON.parse(times) as number[];
      const v = JSON.parse(values) as number[];
      const flat = new Array<number>(2 * t.length);
      for (let i = 0; i < t.length; i++) {
        flat[2 * i] = t[i] as number;
        flat[2 * i + 1] = v[i] as number;
      }
      return pairsInOrder(flat);
    },
  };
}

/** Rows sorted by a key; SQL leaves the order open without ORDER BY, so check it (cheap) and sort if needed. */
function inOrder(rows: number[][], key: (row: number[]) => number): number[][] {
  for (let i = 1; i < rows.length; i++) {
    if (key(rows[i] as number[]) < key(rows[i - 1] as number[])) {
      return rows.sort((x, y) => key(x) - key(y));
    }
  }
  return rows;
}

/** Flat [t, v, t, v, ...] sorted by t (see inOrder). */
function pairsInOrder(flat: number[]): number[] {
  for (let i = 2; i < flat.length; i += 2) {
    if ((flat[i] as number) < (flat[i - 2] as number)) {
      const pairs = [];
      for (let j = 0; j + 1 < flat.length; j += 2) pairs.push([flat[j] as number, flat[j + 1] as number]);
      return inOrder(pairs, (p) => p[0] as number).flat();
    }
  }
  return flat;
}
