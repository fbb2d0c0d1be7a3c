import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { DigitalPrioritiesTable, PvLimitsTable } from './tables.js';

export type LimitRow = Selectable<PvLimitsTable>;
export type DigitalPriorityRow = Selectable<DigitalPrioritiesTable>;

/** Analog limits of AnaIn PVs, one row per PV and limit type. */
export interface LimitsRepository {
  all(): Promise<LimitRow[]>;
  byPvs(pvNrs: readonly number[]): Promise<LimitRow[]>;
  /** Writes all rows or none. */
  upsert(rows: readonly LimitRow[]): Promise<void>;
  /** Inserts the rows whose (PV, limit type) has no row yet; returns how many were inserted. */
  insertMissing(rows: readonly LimitRow[]): Promise<number>;
}

/** Priorities of DigiIn alert inputs that replace the plant definition's. */
export interface DigitalPrioritiesRepository {
  all(): Promise<DigitalPriorityRow[]>;
  /** Writes all rows or none. */
  upsert(rows: readonly DigitalPriorityRow[]): Promise<void>;
}

export function createLimitsRepository(db: Kysely<Database>): LimitsRepository {
  return {
    all: () => db.selectFrom('pv_limits').selectAll().orderBy('pv_nr').orderBy('limit_type').execute(),
    async byPvs(pvNrs) {
      if (pvNrs.length === 0) return [];
      return db
        .selectFrom('pv_limits')
        .selectAll()
        .where('pv_nr', 'in', [...pvNrs])
        .execute();
    },
    async upsert(rows) {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          await trx
            .insertInto('pv_limits')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['pv_nr', 'limit_type']).doUpdateSet({
                limit_value: row.limit_value,
                priority: row.priority,
                delay_time: row.delay_time,
                description: row.description,
                message: row.message,
                not_set: row.not_set,
                updated_at: row.updated_at,
              }),
            )
            .execute();
        }
      });
    },
    async insertMissing(rows) {
      let inserted = 0;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          const result = await trx
            .insertInto('pv_limits')
            .values(row)
            .onConflict((oc) => oc.columns(['pv_nr', 'limit_type']).doNothing())
            .executeTakeFirst();
          inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
      });
      return inserted;
    },
  };
}

export function createDigitalPrioritiesRepository(db: Kysely<Database>): DigitalPrioritiesRepository {
  return {
    all: () => db.selectFrom('digital_priorities').selectAll().orderBy('pv_nr').execute(),
    async upsert(rows) {
      if (rows.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of rows) {
          await trx
            .insertInto('digital_priorities')
            .values(row)
            .onConflict((oc) =>
              oc.column('pv_nr').doUpdateSet({ priority: row.priority, updated_at: row.updated_at }),
            )
            .execute();
        }
      });
    },
  };
}
