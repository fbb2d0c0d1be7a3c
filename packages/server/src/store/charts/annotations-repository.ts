import type { Kysely, Selectable } from 'kysely';
import type { Annotation, AnnotationFields, ChartDataSource, PvRef, PvType } from '@leitwarte/core';
import type { Database } from '../schema.js';
import type { AnnotationsTable } from './tables.js';

/** Which annotations to list: a time range (inclusive) and/or PVs; empty means all. */
export interface AnnotationQuery {
  start?: number;
  end?: number;
  pvs?: readonly PvRef[];
  /** Newest first when listing without a range; the most to return. */
  limit?: number;
}

export interface AnnotationsRepository {
  list(query: AnnotationQuery): Promise<Annotation[]>;
  byIds(ids: readonly number[]): Promise<Annotation[]>;
  insert(fields: AnnotationFields, at: number, by: string | null): Promise<Annotation>;
  update(id: number, fields: AnnotationFields, at: number): Promise<void>;
  /** Deletes the annotations that exist among ids; returns their ids. */
  delete(ids: readonly number[]): Promise<number[]>;
}

const bit = (b: boolean) => (b ? 1 : 0);

function fromRow(r: Selectable<AnnotationsTable>): Annotation {
  return {
    id: r.id,
    timestamp: r.at,
    pv: { type: r.pv_type as PvType, nr: r.pv_nr },
    dataSource: r.data_source as ChartDataSource,
    text: r.text,
    visible: r.visible === 1,
    showInDayReport: r.show_in_day_report === 1,
    showInWeekReport: r.show_in_week_report === 1,
    showInMonthReport: r.show_in_month_report === 1,
    showInYearReport: r.show_in_year_report === 1,
  };
}

function columns(f: AnnotationFields) {
  return {
    at: f.timestamp,
    pv_type: f.pv.type,
    pv_nr: f.pv.nr,
    data_source: f.dataSource,
    text: f.text,
    visible: bit(f.visible),
    show_in_day_report: bit(f.showInDayReport),
    show_in_week_report: bit(f.showInWeekReport),
    show_in_month_report: bit(f.showInMonthReport),
    show_in_year_report: bit(f.showInYearReport),
  };
}

export function createAnnotationsRepository(db: Kysely<Database>): AnnotationsRepository {
  return {
    async list({ start, end, pvs, limit }) {
      let q = db.selectFrom('annotations').selectAll();
      if (start !== undefined) q = q.where('at', '>=', start);
      if (end !== undefined) q = q.where('at', '<=', end);
      if (pvs !== undefined) {
        if (pvs.length === 0) return [];
        q = q.where((eb) =>
          eb.or(pvs.map((pv) => eb.and([eb('pv_type', '=', pv.type), eb('pv_nr', '=', pv.nr)]))),
        );
      }
      q = q.orderBy('at').orderBy('id');
      if (limit !== undefined) q = q.limit(limit);
      return (await q.execute()).map(fromRow);
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('annotations')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return rows.map(fromRow);
    },
    async insert(fields, at, by) {
      const row = await db
        .insertInto('annotations')
        .values({ ...columns(fields), created_at: at, created_by: by, updated_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromRow(row);
    },
    async update(id, fields, at) {
      await db
        .updateTable('annotations')
        .set({ ...columns(fields), updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    async delete(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .deleteFrom('annotations')
        .where('id', 'in', [...ids])
        .returning('id')
        .execute();
      return rows.map((r) => r.id).sort((a, b) => a - b);
    },
  };
}
