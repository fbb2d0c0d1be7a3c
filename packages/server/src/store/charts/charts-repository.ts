import type { Kysely } from 'kysely';
import type {
  ChartConfigFields,
  ChartSeriesConfig,
  ChartSeriesFields,
  ChartType,
  PvRef,
} from '@leitwarte/core';
import type { Database } from '../schema.js';
import {
  configColumns,
  configFromRow,
  seriesColumns,
  seriesFromRow,
  type ChartConfigRecord,
} from './chart-rows.js';

export type { ChartConfigRecord } from './chart-rows.js';

/** A stored chart directory without its contents. */
export interface ChartDirectoryRecord {
  id: number;
  parentId: number | null;
  name: string;
  type: ChartType;
  sortIndex: number;
}

/** A series to save: with the id of an existing series of the chart to keep it, without to add one. */
export type SeriesToSave = ChartSeriesFields & { id?: number };

/** Chart directories, configs and series. */
export interface ChartsRepository {
  directories(type: ChartType): Promise<ChartDirectoryRecord[]>;
  directoryCount(): Promise<number>;
  insertDirectory(d: Omit<ChartDirectoryRecord, 'id'>): Promise<number>;
  /** Configs of a type, or all; ordered by sort index and id. */
  configs(type?: ChartType): Promise<ChartConfigRecord[]>;
  config(id: number): Promise<ChartConfigRecord | undefined>;
  configIdByKey(key: string): Promise<number | undefined>;
  insertConfig(
    fields: ChartConfigFields,
    place: { directoryId: number | null; key?: string; sortIndex?: number },
    at: number,
  ): Promise<number>;
  updateConfig(id: number, fields: ChartConfigFields, at: number): Promise<void>;
  /** Deletes a chart with its series in one transaction; false when there was no such chart. */
  deleteConfig(id: number): Promise<boolean>;
  series(chartId: number): Promise<ChartSeriesConfig[]>;
  /** Replaces a chart's series in one transaction: ids given are updated, others added, the rest removed. */
  saveSeries(chartId: number, series: readonly SeriesToSave[]): Promise<ChartSeriesConfig[]>;
  /** Ids of the charts with a series of this PV. */
  chartIdsWithPv(pv: PvRef): Promise<number[]>;
}

export function createChartsRepository(db: Kysely<Database>): ChartsRepository {
  const seriesOf = (q: Kysely<Database>, chartId: number) =>
    q
      .selectFrom('chart_series')
      .selectAll()
      .where('chart_id', '=', chartId)
      .orderBy('sort_index')
      .orderBy('id')
      .execute();
  return {
    async directories(type) {
      const rows = await db
        .selectFrom('chart_directories')
        .selectAll()
        .where('type', '=', type)
        .orderBy('sort_index')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        parentId: r.parent_id,
        name: r.name,
        type: r.type as ChartType,
        sortIndex: r.sort_index,
      }));
    },
    async directoryCount() {
      const row = await db
        .selectFrom('chart_directories')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insertDirectory(d) {
      const row = await db
        .insertInto('chart_directories')
        .values({ parent_id: d.parentId, name: d.name, type: d.type, sort_index: d.sortIndex })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async configs(type) {
      let q = db.selectFrom('chart_configs').selectAll();
      if (type !== undefined) q = q.where('type', '=', type);
      return (await q.orderBy('sort_index').orderBy('id').execute()).map(configFromRow);
    },
    async config(id) {
      const row = await db.selectFrom('chart_configs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && configFromRow(row);
    },
    async configIdByKey(key) {
      const row = await db
        .selectFrom('chart_configs')
        .select('id')
        .where('seed_key', '=', key)
        .executeTakeFirst();
      return row?.id;
    },
    async insertConfig(fields, place, at) {
      const row = await db
        .insertInto('chart_configs')
        .values({
          ...configColumns(fields),
          directory_id: place.directoryId,
          seed_key: place.key ?? null,
          sort_index: place.sortIndex ?? 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async updateConfig(id, fields, at) {
      await db
        .updateTable('chart_configs')
        .set({ ...configColumns(fields), updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    deleteConfig: (id) =>
      db.transaction().execute(async (trx) => {
        // Explicitly rather than through the foreign key's cascade, which SQLite applies only when enabled.
        await trx.deleteFrom('chart_series').where('chart_id', '=', id).execute();
        const result = await trx.deleteFrom('chart_configs').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      }),
    series: async (chartId) => (await seriesOf(db, chartId)).map(seriesFromRow),
    saveSeries: (chartId, series) =>
      db.transaction().execute(async (trx) => {
        const existing = new Set((await seriesOf(trx, chartId)).map((r) => r.id));
        const kept = new Set<number>();
        for (const s of series) {
          const { id, ...fields } = s;
          if (id !== undefined && existing.has(id)) {
            await trx
              .updateTable('chart_series')
              .set(seriesColumns(chartId, fields))
              .where('id', '=', id)
              .execute();
            kept.add(id);
          } else {
            await trx.insertInto('chart_series').values(seriesColumns(chartId, fields)).execute();
          }
        }
        const removed = [...existing].filter((id) => !kept.has(id));
        if (removed.length > 0) await trx.deleteFrom('chart_series').where('id', 'in', removed).execute();
        return (await seriesOf(trx, chartId)).map(seriesFromRow);
      }),
    async chartIdsWithPv(pv) {
      const rows = await db
        .selectFrom('chart_series')
        .select('chart_id')
        .distinct()
        .where('pv_type', '=', pv.type)
        .where('pv_nr', '=', pv.nr)
        .orderBy('chart_id')
        .execute();
      return rows.map((r) => r.chart_id);
    },
  };
}
