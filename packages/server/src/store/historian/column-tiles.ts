import type Database from 'better-sqlite3';
import { sql } from 'kysely';
import type { HistoryDb } from './history-db.js';

/**
 * A range [from, to) of whole quarter hours that lies inside one pixel column, and which parts
 * of its merged rollup the chart still needs once the column's raw samples are known.
 */
export interface TileRange {
  from: number;
  to: number;
  /** The range's first sample is wanted: no raw sample of its column comes before it. */
  first: boolean;
  /** The range's last sample is wanted: no raw sample of its column comes after it. */
  last: boolean;
  /** The earliest minimum is wanted only when it is at most this value; null: always. */
  minAtMost: number | null;
  /** The earliest maximum is wanted only when it is at least this value; null: always. */
  maxAtLeast: number | null;
}

/**
 * Per range, the wanted parts of the merge of its quarter-hour rollups as [from, firstT, firstV,
 * lastT, lastV, minT, minV, maxT, maxV] (minimum and maximum: the earliest on ties), null where
 * not wanted; ranges with nothing wanted are left out; in time order.
 */
export type ColumnTilesRead = (
  seriesId: number,
  ranges: readonly TileRange[],
) => Promise<(number | null)[][]>;

const flags = (r: TileRange) => (r.first ? 1 : 0) | (r.last ? 2 : 0);

/** The tile read of a historian database. */
export function createColumnTilesRead(hdb: HistoryDb): ColumnTilesRead {
  if (hdb.sqlite === null) return (seriesId, ranges) => pgColumnTiles(hdb, seriesId, ranges);
  return createSqliteColumnTiles(hdb.sqlite);
}

/** The tile read on a SQLite connection: one prepared statement. */
export function createSqliteColumnTiles(raw: Database.Database): ColumnTilesRead {
  // One scan per range finds its first rollup at or beyond the raw samples' extremes; most
  // ranges have none and are done. Only from there are the earliest minimum and maximum
  // searched, and only the rows found are read. jsonb_each hands each range over as JSONB:
  // reading its fields parses nothing again.
  const statement = raw
    .prepare(
      `with w(a, b, fl, mn, mx) as materialized (select value ->> 0, value ->> 1, value ->> 2, value ->> 3,
         value ->> 4 from jsonb_each(@ranges)),
       g as materialized (select w.*, (select t from history_quarter_hour where series_id = @id and t >= a
         and t < b and (mn is null or mx is null or min_v <= mn or max_v >= mx) limit 1) g from w),
       k(a, f, l, n, x) as materialized (select a,
         case when fl & 1 then (select min(t) from history_quarter_hour where series_id = @id and t >= a and t < b) end,
         case when fl & 2 then (select max(t) from history_quarter_hour where series_id = @id and t >= a and t < b) end,
         case when g is not null then (select t from history_quarter_hour where series_id = @id and t >= g
           and t < b and (mn is null or min_v <= mn) order by min_v, t limit 1) end,
         case when g is not null then (select t from history_quarter_hour where series_id = @id and t >= g
           and t < b and (mx is null or max_v >= mx) order by max_v desc, t limit 1) end
         from g)
       select k.a, f.first_t, f.first_v, l.last_t, l.last_v, n.min_t, n.min_v, x.max_t, x.max_v from k
       left join history_quarter_hour f on f.series_id = @id and f.t = k.f
       left join history_quarter_hour l on l.series_id = @id and l.t = k.l
       left join history_quarter_hour n on n.series_id = @id and n.t = k.n
       left join history_quarter_hour x on x.series_id = @id and x.t = k.x
       where coalesce(k.f, k.l, k.n, k.x) is not null`,
    )
    .raw();
  return async (seriesId, ranges) => {
    if (ranges.length === 0) return [];
    const json = JSON.stringify(ranges.map((r) => [r.from, r.to, flags(r), r.minAtMost, r.maxAtLeast]));
    return inOrder(statement.all({ ranges: json, id: seriesId }) as (number | null)[][]);
  };
}

async function pgColumnTiles(
  hdb: HistoryDb,
  seriesId: number,
  ranges: readonly TileRange[],
): Promise<(number | null)[][]> {
  if (ranges.length === 0) return [];
  const col = <T>(pick: (r: TileRange) => T) => ranges.map(pick);
  const q = (select: string, wanted: string, order: string) =>
    sql`left join lateral (select ${sql.raw(select)} from history_quarter_hour where ${sql.raw(wanted)}
      and series_id = ${seriesId} and t >= w.a and t < w.b order by ${sql.raw(order)} limit 1)`;
  const result = await sql<Record<string, string | number | null>>`select w.a, f.first_t, f.first_v,
      l.last_t, l.last_v, n.min_t, n.min_v, x.max_t, x.max_v
    from unnest(${col((r) => r.from)}::bigint[], ${col((r) => r.to)}::bigint[], ${col(flags)}::int[],
      ${col((r) => r.minAtMost)}::float8[], ${col((r) => r.maxAtLeast)}::float8[]) as w(a, b, fl, mn, mx)
    ${q('first_t, first_v', 'w.fl & 1 = 1', 't')} f on true
    ${q('last_t, last_v', 'w.fl & 2 = 2', 't desc')} l on true
    ${q('min_t, min_v', '(w.mn is null or min_v <= w.mn)', 'min_v, t')} n on true
    ${q('max_t, max_v', '(w.mx is null or max_v >= w.mx)', 'max_v desc, t')} x on true
    where coalesce(f.first_t, l.last_t, n.min_t, x.max_t) is not null
    order by w.a`.execute(hdb.db);
  return result.rows.map((r) =>
    [r.a, r.first_t, r.first_v, r.last_t, r.last_v, r.min_t, r.min_v, r.max_t, r.max_v].map((x) =>
      x === null || x === undefined ? null : Number(x),
    ),
  );
}

/** Rows by their first field; without ORDER BY SQL leaves the order open, so check it (cheap) and sort if needed. */
function inOrder(rows: (number | null)[][]): (number | null)[][] {
  const key = (row: (number | null)[] | undefined) => row?.[0] as number;
  for (let i = 1; i < rows.length; i++) {
    if (key(rows[i]) < key(rows[i - 1])) return rows.sort((x, y) => key(x) - key(y));
  }
  return rows;
}
