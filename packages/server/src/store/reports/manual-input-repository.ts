import type { ManualInputState, PvRef, PvType, ReportConfigKind } from '@leitwarte/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Which report a manual input belongs to: config, kind and date (yyyy-MM-dd). */
export interface ReportKey {
  configId: number;
  kind: ReportConfigKind;
  date: string;
}

/** A stored manual input of one cell (PV column, row index). */
export interface StoredManualInput {
  pv: PvRef;
  index: number;
  value: number | null;
  state: ManualInputState;
  user: string;
  updatedAt: number;
}

/** A change of one cell: set (value and state) or remove. */
export type ManualInputChange =
  | { pv: PvRef; index: number; remove: true }
  | { pv: PvRef; index: number; remove: false; value: number | null; state: ManualInputState };

/** Manual report inputs persisted per report and date (calls §7 manual-input). */
export interface ManualInputRepository {
  of(key: ReportKey): Promise<StoredManualInput[]>;
  /** Applies all changes in one transaction. */
  apply(key: ReportKey, changes: readonly ManualInputChange[], username: string, now: number): Promise<void>;
}

export function createManualInputRepository(db: Kysely<Database>): ManualInputRepository {
  return {
    async of(key) {
      const rows = await db
        .selectFrom('report_manual_inputs')
        .selectAll()
        .where('config_id', '=', key.configId)
        .where('kind', '=', key.kind)
        .where('date', '=', key.date)
        .orderBy('row_index')
        .orderBy('pv_type')
        .orderBy('pv_nr')
        .execute();
      return rows.map((r) => ({
        pv: { type: r.pv_type as PvType, nr: r.pv_nr },
        index: r.row_index,
        value: r.value,
        state: r.state as ManualInputState,
        user: r.username,
        updatedAt: r.updated_at,
      }));
    },
    async apply(key, changes, username, now) {
      await db.transaction().execute(async (trx) => {
        for (const change of changes) {
          const cell = {
            config_id: key.configId,
            kind: key.kind,
            date: key.date,
            pv_type: change.pv.type,
            pv_nr: change.pv.nr,
            row_index: change.index,
          };
          await trx
            .deleteFrom('report_manual_inputs')
            .where('config_id', '=', cell.config_id)
            .where('kind', '=', cell.kind)
            .where('date', '=', cell.date)
            .where('pv_type', '=', cell.pv_type)
            .where('pv_nr', '=', cell.pv_nr)
            .where('row_index', '=', cell.row_index)
            .execute();
          if (change.remove) continue;
          await trx
            .insertInto('report_manual_inputs')
            .values({ ...cell, value: change.value, state: change.state, username, updated_at: now })
            .execute();
        }
      });
    },
  };
}
