import type { LifecycleEntry, PvRef, PvType } from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { MaintenanceLifecycleTable } from './maintenance-tables.js';

/** A life-cycle entry after validation: time in milliseconds, non-empty text and kind. */
export interface LifecycleEntryData {
  pvRef: PvRef;
  maintenanceTimestamp: number;
  text: string;
  kind: string;
}

/** Changes of one bulk save, applied all together or not at all. */
export interface LifecycleChanges {
  create: LifecycleEntryData[];
  update: (LifecycleEntryData & { id: number })[];
  deleteIds: number[];
}

/** Raised when a bulk save names entries that do not exist; nothing was changed. */
export class LifecycleNotFoundError extends Error {
  constructor(readonly ids: readonly number[]) {
    super(`Lebenslaufeinträge nicht gefunden: ${ids.join(', ')}`);
    this.name = 'LifecycleNotFoundError';
  }
}

/** Machine life-cycle entries per PV (calls §3 "Maintenance entry", "Maintenance bulk save"). */
export interface LifecycleRepository {
  /** Entries of a PV, newest first. */
  ofPv(ref: PvRef): Promise<LifecycleEntry[]>;
  byIds(ids: readonly number[]): Promise<LifecycleEntry[]>;
  create(entry: LifecycleEntryData, username: string, now: number): Promise<LifecycleEntry>;
  /** Applies a bulk save in one transaction; throws LifecycleNotFoundError for unknown ids. */
  apply(
    changes: LifecycleChanges,
    username: string,
    now: number,
  ): Promise<{ created: LifecycleEntry[]; updated: LifecycleEntry[]; deletedIds: number[] }>;
}

const toEntry = (row: Selectable<MaintenanceLifecycleTable>): LifecycleEntry => ({
  id: Number(row.id),
  pvRef: { type: row.pv_type as PvType, nr: row.pv_nr },
  maintenanceTimestamp: row.maintenance_timestamp,
  text: row.text,
  kind: row.kind,
  user: row.username,
});

export function createLifecycleRepository(db: Kysely<Database>): LifecycleRepository {
  const insert = async (trx: Kysely<Database>, e: LifecycleEntryData, username: string, now: number) =>
    toEntry(
      await trx
        .insertInto('maintenance_lifecycle')
        .values({
          pv_type: e.pvRef.type,
          pv_nr: e.pvRef.nr,
          maintenance_timestamp: e.maintenanceTimestamp,
          text: e.text,
          kind: e.kind,
          username,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  const byIds = async (trx: Kysely<Database>, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : (
          await trx
            .selectFrom('maintenance_lifecycle')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute()
        ).map(toEntry);

  return {
    ofPv: async (ref) =>
      (
        await db
          .selectFrom('maintenance_lifecycle')
          .selectAll()
          .where('pv_type', '=', ref.type)
          .where('pv_nr', '=', ref.nr)
          .orderBy('maintenance_timestamp', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map(toEntry),
    byIds: (ids) => byIds(db, ids),
    create: (entry, username, now) => insert(db, entry, username, now),
    apply: (changes, username, now) =>
      db.transaction().execute(async (trx) => {
        const named = [...new Set([...changes.update.map((u) => u.id), ...changes.deleteIds])];
        const found = new Set((await byIds(trx, named)).map((e) => e.id));
        const missing = named.filter((id) => !found.has(id));
        if (missing.length > 0) throw new LifecycleNotFoundError(missing);
        const created: LifecycleEntry[] = [];
        for (const entry of changes.create) created.push(await insert(trx, entry, username, now));
        const updated: LifecycleEntry[] = [];
        for (const u of changes.update) {
          const row = await trx
            .updateTable('maintenance_lifecycle')
            .set({
              pv_type: u.pvRef.type,
              pv_nr: u.pvRef.nr,
              maintenance_timestamp: u.maintenanceTimestamp,
              text: u.text,
              kind: u.kind,
              updated_at: now,
            })
            .where('id', '=', u.id)
            .returningAll()
            .executeTakeFirstOrThrow();
          updated.push(toEntry(row));
        }
        if (changes.deleteIds.length > 0) {
          await trx.deleteFrom('maintenance_lifecycle').where('id', 'in', changes.deleteIds).execute();
        }
        return { created, updated, deletedIds: [...changes.deleteIds] };
      }),
  };
}
