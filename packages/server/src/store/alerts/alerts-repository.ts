import type { PvRef } from '@leitwarte/core';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { AlertsTable } from './tables.js';

export type AlertRow = Selectable<AlertsTable>;
export type NewAlertRow = Omit<Insertable<AlertsTable>, 'id'>;

/** Who acknowledged, when and how. */
export interface AlertAck {
  at: number;
  by: string | null;
  byId: number | null;
  origin: 'user' | 'field' | 'priorityOutput';
}

/** A page of alerts, newest first, and how many the query matches in all. */
export interface AlertPage {
  rows: AlertRow[];
  total: number;
}

/** Persisted alerts. Times in milliseconds; the range is over the coming time. */
export interface AlertsRepository {
  insert(row: NewAlertRow): Promise<AlertRow>;
  /** The condition cleared at `at`. */
  markGone(id: number, at: number): Promise<void>;
  /** Acknowledges those of `ids` not acknowledged yet; returns them as they are now. */
  acknowledge(ids: readonly number[], ack: AlertAck): Promise<AlertRow[]>;
  /** Alerts the engine still follows: active, or not acknowledged. */
  open(): Promise<AlertRow[]>;
  /** Newest first with coming time in [start, end], at most limit, plus the total in the range. */
  range(start: number, end: number, limit: number): Promise<AlertPage>;
  /** As range, restricted to alerts of the given PVs. */
  byPvs(pvs: readonly PvRef[], start: number, end: number, limit: number): Promise<AlertPage>;
  /** Deletes those of `ids` that are closed (gone and acknowledged); returns their ids. */
  deleteClosed(ids: readonly number[]): Promise<number[]>;
  byIds(ids: readonly number[]): Promise<AlertRow[]>;
}

/** Large id lists are split so no statement exceeds the databases' parameter limits. */
const CHUNK = 500;
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export function createAlertsRepository(db: Kysely<Database>): AlertsRepository {
  const page = async (
    start: number,
    end: number,
    limit: number,
    pvs: readonly PvRef[] | null,
  ): Promise<AlertPage> => {
    let base = db.selectFrom('alerts').where('coming_at', '>=', start).where('coming_at', '<=', end);
    if (pvs !== null) {
      if (pvs.length === 0) return { rows: [], total: 0 };
      const byType = new Map<string, number[]>();
      for (const pv of pvs) byType.set(pv.type, [...(byType.get(pv.type) ?? []), pv.nr]);
      base = base.where((eb) =>
        eb.or([...byType].map(([type, nrs]) => eb.and([eb('pv_type', '=', type), eb('pv_nr', 'in', nrs)]))),
      );
    }
    // One statement, so the page and its total come from the same snapshot: two queries let an
    // alert raised in between make the total disagree with the rows.
    const counted = await base
      .selectAll()
      .select((eb) => eb.fn.countAll<number>().over().as('range_total'))
      .orderBy('coming_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const total = Number(counted[0]?.range_total ?? 0);
    const rows = counted.map(({ range_total: _total, ...row }) => row);
    return { rows, total };
  };

  return {
    insert: (row) => db.insertInto('alerts').values(row).returningAll().executeTakeFirstOrThrow(),
    async markGone(id, at) {
      await db.updateTable('alerts').set({ active: 0, going_at: at }).where('id', '=', id).execute();
    },
    async acknowledge(ids, ack) {
      const out: AlertRow[] = [];
      for (const part of chunks(ids)) {
        const rows = await db
          .updateTable('alerts')
          .set({
            acknowledged_at: ack.at,
            acknowledged_by: ack.by,
            acknowledged_by_id: ack.byId,
            ack_origin: ack.origin,
          })
          .where('id', 'in', part)
          .where('acknowledged_at', 'is', null)
          .returningAll()
          .execute();
        out.push(...rows);
      }
      return out.sort((a, b) => a.id - b.id);
    },
    open: () =>
      db
        .selectFrom('alerts')
        .selectAll()
        .where((eb) => eb.or([eb('active', '=', 1), eb('acknowledged_at', 'is', null)]))
        .orderBy('id')
        .execute(),
    range: (start, end, limit) => page(start, end, limit, null),
    byPvs: (pvs, start, end, limit) => page(start, end, limit, pvs),
    async deleteClosed(ids) {
      const out: number[] = [];
      for (const part of chunks(ids)) {
        const rows = await db
          .deleteFrom('alerts')
          .where('id', 'in', part)
          .where('active', '=', 0)
          .where('acknowledged_at', 'is not', null)
          .returning('id')
          .execute();
        out.push(...rows.map((r) => r.id));
      }
      return out.sort((a, b) => a - b);
    },
    async byIds(ids) {
      const out: AlertRow[] = [];
      for (const part of chunks(ids)) {
        out.push(...(await db.selectFrom('alerts').selectAll().where('id', 'in', part).execute()));
      }
      return out.sort((a, b) => a.id - b.id);
    },
  };
}
