import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from './schema.js';

export type SessionRow = Selectable<SessionsTable>;

export interface SessionsRepository {
  /**
   * Writes a new session; with a guard, in one transaction after the guard (which throws to
   * refuse it, e.g. a licence limit counted inside the same transaction).
   */
  insert(row: SessionRow, guard?: (trx: Kysely<Database>) => Promise<void>): Promise<void>;
  /** An open session (not ended) by the hash of its secret. */
  open(idHash: string): Promise<SessionRow | undefined>;
  touch(idHash: string, at: number): Promise<void>;
  end(idHash: string, at: number, reason: string): Promise<boolean>;
  /** Ends every open session of a user; returns the hashes that were open. */
  endAllOfUser(userId: number, at: number, reason: string): Promise<string[]>;
}

export function createSessionsRepository(db: Kysely<Database>): SessionsRepository {
  return {
    async insert(row, guard) {
      if (guard === undefined) {
        await db.insertInto('sessions').values(row).execute();
        return;
      }
      await db.transaction().execute(async (trx) => {
        await guard(trx);
        await trx.insertInto('sessions').values(row).execute();
      });
    },
    open: (idHash) =>
      db
        .selectFrom('sessions')
        .selectAll()
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst(),
    async touch(idHash, at) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
    },
    async end(idHash, at, reason) {
      const result = await db
        .updateTable('sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('id_hash', '=', idHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async endAllOfUser(userId, at, reason) {
      const rows = await db
        .updateTable('sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .returning('id_hash')
        .execute();
      return rows.map((r) => r.id_hash);
    },
  };
}
