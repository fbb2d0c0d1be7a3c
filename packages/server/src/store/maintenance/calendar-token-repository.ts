import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The calendar feed tokens of the users: one each, kept only as a SHA-256. */
export interface CalendarTokenRepository {
  /** When the user's token was made, and last used; null when the user has none. */
  of(userId: number): Promise<{ createdAt: number; lastUsedAt: number | null } | null>;
  /** Makes a new token for the user (the old one stops working) and returns it, the only time it is seen. */
  issue(userId: number, at: number): Promise<string>;
  /** Revokes the user's token; whether there was one. */
  revoke(userId: number): Promise<boolean>;
  /** The user a token belongs to (and notes its use), or null. */
  userOf(token: string, at: number): Promise<number | null>;
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function createCalendarTokenRepository(db: Kysely<Database>): CalendarTokenRepository {
  const table = 'maintenance_calendar_tokens' as const;
  return {
    async of(userId) {
      const row = await db
        .selectFrom(table)
        .select(['created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        createdAt: Number(row.created_at),
        lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
      };
    },
    async issue(userId, at) {
      // 256 bits: guessing one is out of the question, so the feed needs no rate limit of its own.
      const token = randomBytes(32).toString('base64url');
      const values = { token_hash: hashOf(token), created_at: at, last_used_at: null };
      await db
        .insertInto(table)
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      return token;
    },
    async revoke(userId) {
      const result = await db.deleteFrom(table).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async userOf(token, at) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const hash = hashOf(token);
      const row = await db
        .selectFrom(table)
        .select('user_id')
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return null;
      await db.updateTable(table).set({ last_used_at: at }).where('token_hash', '=', hash).execute();
      return Number(row.user_id);
    },
  };
}
