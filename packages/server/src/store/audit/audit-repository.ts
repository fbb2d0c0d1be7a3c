import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../schema.js';
import { noteAuditWritten } from './audit-context.js';
import { GENESIS_HASH, rowHash, type ChainedFields } from './audit-chain.js';
import { REFUSAL_LIMITS, RefusalLimiter, type RefusalLimits } from './refusal-limiter.js';

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
  /**
   * Appends a row to the hash chain. A refusal (an action ending in `.refused`) is rate-limited:
   * beyond the limits of refusal-limiter.ts it is counted, and one summary row per caller,
   * action and object tells how many more there were.
   */
  append(entry: AuditEntry): Promise<void>;
  /** Newest first, within [start, end], at most limit rows. */
  range(start: number, end: number, limit: number): Promise<AuditRow[]>;
  /** Writes the summary rows of suppressed refusals now (at close, and in tests). */
  flushRefusals(): Promise<void>;
  close(): Promise<void>;
}

export interface AuditRepositoryOptions {
  refusalLimits?: RefusalLimits;
  now?: () => number;
}

/** A conflict on the id: another process appended the same id first (SQLite's trigger or PG's key). */
function isIdConflict(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /append-only|UNIQUE constraint failed: audit_log\.id/.test(e.message ?? '');
}

const MAX_ATTEMPTS = 50;

export function createAuditRepository(
  db: Kysely<Database>,
  options: AuditRepositoryOptions = {},
): AuditRepository {
  const now = options.now ?? Date.now;
  const limiter = new RefusalLimiter(options.refusalLimits ?? REFUSAL_LIMITS, now());
  // Appends of this process run one at a time; the chain's last link is remembered between them.
  let queue: Promise<unknown> = Promise.resolve();
  let last: { id: number; hash: string } | null = null;

  async function lastLink(): Promise<{ id: number; hash: string }> {
    const row = await db
      .selectFrom('audit_log')
      .select(['id', 'hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { id: row?.id ?? 0, hash: row?.hash ?? GENESIS_HASH };
  }

  /**
   * The next id is the last one plus one, given explicitly: when another process appended
   * first, the insert fails on the id (nothing is replaced) and is retried on the new last row.
   */
  async function insertChained(fields: Omit<ChainedFields, 'id'>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      last ??= await lastLink();
      const row: ChainedFields = { id: last.id + 1, ...fields };
      const hash = rowHash(last.hash, row);
      try {
        await db
          .insertInto('audit_log')
          .values({ ...row, prev_hash: last.hash, hash })
          .execute();
        last = { id: row.id, hash };
        return;
      } catch (error) {
        last = null;
        if (attempt >= MAX_ATTEMPTS || !isIdConflict(error)) throw error;
      }
    }
  }

  const fieldsOf = (entry: AuditEntry): Omit<ChainedFields, 'id'> => ({
    at: entry.at,
    user_id: entry.userId,
    username: entry.username,
    action: entry.action,
    object: entry.object ?? null,
    old_value: entry.oldValue ?? null,
    new_value: entry.newValue ?? null,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    remote_address: entry.remoteAddress ?? null,
  });

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  function summaries(): Promise<void> {
    const windowEnd = now();
    const suppressed = limiter.endWindow(windowEnd);
    return enqueue(async () => {
      for (const s of suppressed) {
        await insertChained(
          fieldsOf({
            at: windowEnd,
            userId: null,
            username: s.sample.username,
            action: s.sample.action,
            object: s.sample.object,
            remoteAddress: s.sample.remoteAddress,
            detail: {
              suppressed: s.count,
              note: 'further refusals like this within a minute, not written one by one',
            },
          }),
        );
      }
    });
  }

  const timer = setInterval(() => {
    if (limiter.windowOver(now())) void summaries().catch(() => undefined);
  }, 5_000);
  timer.unref();

  return {
    async append(entry) {
      noteAuditWritten();
      if (entry.action.endsWith('.refused')) {
        if (limiter.windowOver(now())) await summaries();
        const key = `${entry.remoteAddress ?? entry.username ?? ''}|${entry.action}|${entry.object ?? ''}`;
        const sample = {
          action: entry.action,
          object: entry.object ?? null,
          remoteAddress: entry.remoteAddress ?? null,
          username: entry.username,
        };
        if (!limiter.take(key, sample)) return;
      }
      await enqueue(() => insertChained(fieldsOf(entry)));
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
    flushRefusals: () => summaries(),
    async close() {
      clearInterval(timer);
      await summaries();
    },
  };
}
