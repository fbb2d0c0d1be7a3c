import type { Rollup, RollupArchive } from '@leitwarte/core';
import { sql, type Kysely } from 'kysely';
import type { HistoryDb } from './history-db.js';
import { createColumnTilesRead, type TileRange } from './column-tiles.js';
import type { SampleDays } from './sample-days.js';
import { createSqliteWriter } from './sqlite-writer.js';
import { ROLLUP_TABLES, type HistoryTables } from './schema.js';

/** A raw sample of a series. */
export interface SampleRow {
  seriesId: number;
  t: number;
  v: number;
}

/** A rollup of a series. */
export interface SeriesRollup extends Rollup {
  seriesId: number;
}

/** A span without records; seriesId 0: every series. */
export interface HistoryGap {
  seriesId: number;
  from: number;
  to: number;
}

/** Series id of a gap of every series. */
export const ALL_SERIES = 0;

/** What one flush writes, in one transaction. */
export interface HistoryBatch {
  samples: readonly SampleRow[];
  /** Rollups merged into what is stored (incremental maintenance). */
  merge: Partial<Record<RollupArchive, readonly SeriesRollup[]>>;
}

/** Raw samples and rollups on SQLite or PostgreSQL. */
export interface HistoryRepository {
  /** Writes samples (a later sample at the same time replaces the earlier) and merges rollups. */
  write(batch: HistoryBatch): Promise<void>;
  /** Replaces the stored rollups of a series in [from, to) by the given ones (rebuild, backfill). */
  replaceRollups(
    archive: RollupArchive,
    seriesId: number,
    from: number,
    to: number,
    rows: readonly Rollup[],
  ): Promise<void>;
  /** Calls visit for each raw sample of a series in [from, to), in time order. */
  scanSamples(
    seriesId: number,
    from: number,
    to: number,
    visit: (t: number, v: number) => void,
  ): Promise<void>;
  /** Raw samples of a series inside any of the windows [start, start + length), flat t, v, t, v, ... in time order. */
  samplesInWindows(seriesId: number, starts: readonly number[], length: number): Promise<number[]>;
  /** Per range of whole quarter hours, the wanted parts of its merged rollups (see ColumnTilesRead). */
  columnTiles(seriesId: number, ranges: readonly TileRange[]): Promise<(number | null)[][]>;
  rollups(archive: RollupArchive, seriesId: number, from: number, to: number): Promise<Rollup[]>;
  /** Earliest or latest time of any of the series in an archive; null when there is none. */
  edgeTime(
    archive: RollupArchive | 'MeasurementArchive',
    seriesIds: readonly number[],
    edge: 'first' | 'last',
  ): Promise<number | null>;
  /** Deletes up to `limit` of the oldest rows before `before` of a series; returns how many. */
  deleteOldest(
    archive: RollupArchive | 'MeasurementArchive',
    seriesId: number,
    before: number,
    limit: number,
  ): Promise<number>;
  /** Records spans without records (a span already recorded from the same start is kept). */
  addGaps(gaps: readonly HistoryGap[]): Promise<void>;
  /** The gaps of these series (and of every series) that overlap [from, to), by start. */
  gaps(seriesIds: readonly number[], from: number, to: number): Promise<HistoryGap[]>;
  /** The newest raw sample of a series, or null. */
  lastSample(seriesId: number): Promise<{ t: number; v: number } | null>;
  /** Number of raw samples (tests, backfill decision). */
  sampleCount(): Promise<number>;
  /** SQLite: the raw samples of closed days packed one row per day (sample-days.ts); null on PostgreSQL. */
  readonly sampleDays: SampleDays | null;
}

const tableOf = (archive: RollupArchive | 'MeasurementArchive') =>
  archive === 'MeasurementArchive' ? 'history_sample' : ROLLUP_TABLES[archive];

interface RollupRow {
  t: number;
  count: number;
  sum: number;
  first_t: number;
  first_v: number;
  last_t: number;
  last_v: number;
  min_t: number;
  min_v: number;
  max_t: number;
  max_v: number;
}

const fromRow = (r: RollupRow): Rollup => ({
  t: Number(r.t),
  count: Number(r.count),
  sum: r.sum,
  firstT: Number(r.first_t),
  firstV: r.first_v,
  lastT: Number(r.last_t),
  lastV: r.last_v,
  minT: Number(r.min_t),
  minV: r.min_v,
  maxT: Number(r.max_t),
  maxV: r.max_v,
});

export const toRow = (seriesId: number, r: Rollup) => ({
  series_id: seriesId,
  t: r.t,
  count: r.count,
  sum: r.sum,
  first_t: r.firstT,
  first_v: r.firstV,
  last_t: r.lastT,
  last_v: r.lastV,
  min_t: r.minT,
  min_v: r.minV,
  max_t: r.maxT,
  max_v: r.maxV,
});

/** Merge of a stored rollup (the table) and a new one (excluded): portable CASE expressions. */
export const MERGE_SET = (table: string) => `count = ${table}.count + excluded.count,
  sum = ${table}.sum + excluded.sum,
  first_t = case when excluded.first_t < ${table}.first_t then excluded.first_t else ${table}.first_t end,
  first_v = case when excluded.first_t < ${table}.first_t then excluded.first_v else ${table}.first_v end,
  last_t = case when excluded.last_t >= ${table}.last_t then excluded.last_t else ${table}.last_t end,
  last_v = case when excluded.last_t >= ${table}.last_t then excluded.last_v else ${table}.last_v end,
  min_t = case when excluded.min_v < ${table}.min_v then excluded.min_t else ${table}.min_t end,
  min_v = case when excluded.min_v < ${table}.min_v then excluded.min_v else ${table}.min_v end,
  max_t = case when excluded.max_v > ${table}.max_v then excluded.max_t else ${table}.max_t end,
  max_v = case when excluded.max_v > ${table}.max_v then excluded.max_v else ${table}.max_v end`;

const COLUMNS = 'series_id, t, count, sum, first_t, first_v, last_t, last_v, min_t, min_v, max_t, max_v';

export function createHistoryRepository(hdb: HistoryDb): HistoryRepository {
  const { db } = hdb;
  const sqliteWriter = hdb.sqlite ? createSqliteWriter(hdb.sqlite) : null;

  async function pgWrite(batch: HistoryBatch): Promise<void> {
    // The writer's batch: fenced with several processes (a former owner of the field writes none).
    await hdb.writeTransaction(async (trx) => {
      const { samples } = batch;
      for (let i = 0; i < samples.length; i += 20_000) {
        const part = samples.slice(i, i + 20_000);
        // One statement with three array parameters: no per-row parameters to bind or parse.
        await sql`insert into history_sample (series_id, t, v)
          select * from unnest(${part.map((s) => s.seriesId)}::int[], ${part.map((s) => s.t)}::bigint[],
            ${part.map((s) => s.v)}::float8[])
          on conflict (series_id, t) do update set v = excluded.v`.execute(trx);
      }
      for (const [archive, rows] of Object.entries(batch.merge) as [RollupArchive, SeriesRollup[]][]) {
        const table = ROLLUP_TABLES[archive];
        for (let i = 0; i < rows.length; i += 20_000) {
          const part = rows.slice(i, i + 20_000).map((r) => toRow(r.seriesId, r));
          const col = <K extends keyof (typeof part)[number]>(k: K) => part.map((r) => r[k]);
          await sql`insert into ${sql.table(table)} (${sql.raw(COLUMNS)})
            select * from unnest(${col('series_id')}::int[], ${col('t')}::bigint[], ${col('count')}::int[],
              ${col('sum')}::float8[], ${col('first_t')}::bigint[], ${col('first_v')}::float8[],
              ${col('last_t')}::bigint[], ${col('last_v')}::float8[], ${col('min_t')}::bigint[],
              ${col('min_v')}::float8[], ${col('max_t')}::bigint[], ${col('max_v')}::float8[])
            on conflict (series_id, t) do update set ${sql.raw(MERGE_SET(table))}`.execute(trx);
        }
      }
    }, 'a batch of historian samples');
  }

  return {
    async write(batch) {
      if (sqliteWriter) sqliteWriter.write(batch);
      else await pgWrite(batch);
    },
    async replaceRollups(archive, seriesId, from, to, rows) {
      if (sqliteWriter) return sqliteWriter.replaceRollups(archive, seriesId, from, to, rows);
      const table = ROLLUP_TABLES[archive];
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom(table)
          .where('series_id', '=', seriesId)
          .where('t', '>=', from)
          .where('t', '<', to)
          .execute();
        for (let i = 0; i < rows.length; i += 2000) {
          await trx
            .insertInto(table)
            .values(rows.slice(i, i + 2000).map((r) => toRow(seriesId, r)))
            .execute();
        }
      });
    },
    async scanSamples(seriesId, from, to, visit) {
      if (sqliteWriter) return sqliteWriter.scanSamples(seriesId, from, to, visit);
      const rows = await db
        .selectFrom('history_sample')
        .select(['t', 'v'])
        .where('series_id', '=', seriesId)
        .where('t', '>=', from)
        .where('t', '<', to)
        .orderBy('t')
        .execute();
      for (const row of rows) visit(Number(row.t), row.v);
    },
    async samplesInWindows(seriesId, starts, length) {
      if (starts.length === 0) return [];
      if (sqliteWriter) return sqliteWriter.samplesInWindows(seriesId, starts, length);
      const result = await sql<{ t: number; v: number }>`select s.t, s.v
        from unnest(${[...starts]}::bigint[]) as w(start)
        join history_sample s on s.series_id = ${seriesId} and s.t >= w.start and s.t < w.start + ${length}
        order by s.t`.execute(db);
      return result.rows.flatMap((r) => [Number(r.t), r.v]);
    },
    columnTiles: createColumnTilesRead(hdb),
    async rollups(archive, seriesId, from, to) {
      const rows = await db
        .selectFrom(ROLLUP_TABLES[archive])
        .selectAll()
        .where('series_id', '=', seriesId)
        .where('t', '>=', from)
        .where('t', '<', to)
        .orderBy('t')
        .execute();
      return rows.map(fromRow);
    },
    async edgeTime(archive, seriesIds, edge) {
      if (seriesIds.length === 0) return null;
      if (sqliteWriter) return sqliteWriter.edgeTime(tableOf(archive), seriesIds, edge);
      const table = tableOf(archive);
      let best: number | null = null;
      // Per series: each is one probe at the end of the (series_id, t) index.
      for (const id of seriesIds) {
        const row = await db
          .selectFrom(table)
          .select('t')
          .where('series_id', '=', id)
          .orderBy('t', edge === 'first' ? 'asc' : 'desc')
          .limit(1)
          .executeTakeFirst();
        if (row === undefined) continue;
        const t = Number(row.t);
        if (best === null || (edge === 'first' ? t < best : t > best)) best = t;
      }
      return best;
    },
    async deleteOldest(archive, seriesId, before, limit) {
      const table = tableOf(archive);
      const cut = await db
        .selectFrom(table)
        .select('t')
        .where('series_id', '=', seriesId)
        .where('t', '<', before)
        .orderBy('t')
        .offset(limit - 1)
        .limit(1)
        .executeTakeFirst();
      const until = cut === undefined ? before : Number(cut.t) + 1;
      // First: a chart read meanwhile finds those days in history_sample, never a stale packing.
      if (archive === 'MeasurementArchive') sqliteWriter?.sampleDays.deletedBefore(seriesId, until);
      const result = await db
        .deleteFrom(table)
        .where('series_id', '=', seriesId)
        .where('t', '<', until)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async addGaps(gaps) {
      if (gaps.length === 0) return;
      const insert = (into: Kysely<HistoryTables>) =>
        into
          .insertInto('history_gap')
          .values(gaps.map((g) => ({ series_id: g.seriesId, from_t: g.from, to_t: g.to })))
          .onConflict((oc) => oc.columns(['series_id', 'from_t']).doNothing())
          .execute();
      // On PostgreSQL the writer's gaps are fenced like its samples; SQLite has one process.
      if (sqliteWriter) await insert(db);
      else await hdb.writeTransaction(insert, 'historian gaps');
    },
    async gaps(seriesIds, from, to) {
      const rows = await db
        .selectFrom('history_gap')
        .selectAll()
        .where('series_id', 'in', [ALL_SERIES, ...seriesIds])
        .where('from_t', '<', to)
        .where('to_t', '>', from)
        .orderBy('from_t')
        .execute();
      return rows.map((r) => ({ seriesId: r.series_id, from: Number(r.from_t), to: Number(r.to_t) }));
    },
    async lastSample(seriesId) {
      if (sqliteWriter) return sqliteWriter.lastSample(seriesId);
      const row = await db
        .selectFrom('history_sample')
        .select(['t', 'v'])
        .where('series_id', '=', seriesId)
        .orderBy('t', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? null : { t: Number(row.t), v: row.v };
    },
    sampleDays: sqliteWriter?.sampleDays ?? null,
    async sampleCount() {
      const row = await db
        .selectFrom('history_sample')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
