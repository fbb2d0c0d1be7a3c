import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { SystemEventsTable } from './tables.js';

export type SystemEventRow = Selectable<SystemEventsTable>;

/** A system event to record: server start/stop, data-source connection, station connection, ... */
export interface NewSystemEvent {
  at: number;
  kind: string;
  station?: number | null;
  object?: string | null;
  text: string;
  detail?: Record<string, unknown> | null;
}

/** Parts of the system configuration, each a JSON document under its key. */
export interface SystemConfigRepository {
  all(): Promise<Map<string, string>>;
  /** Stores the value only where the key has none yet (defaults at first start). */
  insertMissing(key: string, value: string, at: number): Promise<void>;
  set(key: string, value: string, at: number): Promise<void>;
}

/** The system event archive (append-only, like the audit log). */
export interface SystemEventsRepository {
  append(event: NewSystemEvent): Promise<void>;
  /** Newest first within [start, end], at most limit rows. */
  range(start: number, end: number, limit: number): Promise<SystemEventRow[]>;
  count(start: number, end: number): Promise<number>;
}

export function createSystemConfigRepository(db: Kysely<Database>): SystemConfigRepository {
  return {
    async all() {
      const rows = await db.selectFrom('system_config').selectAll().execute();
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async insertMissing(key, value, at) {
      await db
        .insertInto('system_config')
        .values({ key, value, updated_at: at })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
    async set(key, value, at) {
      await db
        .insertInto('system_config')
        .values({ key, value, updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
        .execute();
    },
  };
}

export function createSystemEventsRepository(db: Kysely<Database>): SystemEventsRepository {
  return {
    async append(event) {
      await db
        .insertInto('system_events')
        .values({
          at: event.at,
          kind: event.kind,
          station: event.station ?? null,
          object: event.object ?? null,
          text: event.text,
          detail: event.detail ? JSON.stringify(event.detail) : null,
        })
        .execute();
    },
    range: (start, end, limit) =>
      db
        .selectFrom('system_events')
        .selectAll()
        .where('at', '>=', start)
        .where('at', '<=', end)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    async count(start, end) {
      const row = await db
        .selectFrom('system_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('at', '>=', start)
        .where('at', '<=', end)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

/** Rows of the audit log in a range: counted here because the audit repository only lists. */
export async function countAuditRows(db: Kysely<Database>, start: number, end: number): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('at', '>=', start)
    .where('at', '<=', end)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
