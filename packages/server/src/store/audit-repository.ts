import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from './schema.js';

export type AuditRow = Selectable<AuditLogTable>;

/** One audit entry: who did what to which object, from what to what. */
export interface AuditEntry {
  at: number;
  userId: number | null;
  username: string | null;
  action: string;
  object?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  detail?: Record<string, unknown> | null;
  remoteAddress?: string | null;
}

export interface AuditRepository {
  append(entry: AuditEntry): Promise<void>;
  /** Newest first, within [start, end], at most limit rows. */
  range(start: number, end: number, limit: number): Promise<AuditRow[]>;
}

export function createAuditRepository(db: Kysely<Database>): AuditRepository {
  return {
    async append(entry) {
      await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          user_id: entry.userId,
          username: entry.username,
          action: entry.action,
          object: entry.object ?? null,
          old_value: entry.oldValue ?? null,
          new_value: entry.newValue ?? null,
          detail: entry.detail ? JSON.stringify(entry.detail) : null,
          remote_address: entry.remoteAddress ?? null,
        })
        .execute();
    },
    range: (start, end, limit) =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .where('at', '>=', start)
        .where('at', '<=', end)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
