import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { StoreDialect } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import type { Database as Schema } from './schema.js';
import { createAuditRepository, type AuditRepository } from './audit/audit-repository.js';
import { createMetaRepository, type MetaRepository } from './meta-repository.js';
import { createSessionsRepository, type SessionsRepository } from './sessions-repository.js';
import { createUsersRepository, type UsersRepository } from './users-repository.js';
import { createRightsRepository, type RightsRepository } from './rights/index.js';

/** The store: one typed query layer over SQLite or PostgreSQL, and its repositories. */
export interface Store {
  readonly dialect: StoreDialect;
  readonly db: Kysely<Schema>;
  readonly meta: MetaRepository;
  readonly users: UsersRepository;
  readonly sessions: SessionsRepository;
  readonly audit: AuditRepository;
  readonly rights: RightsRepository;
  /**
   * A write only the owner of the field may make (a new alert): with a fence set (several
   * processes) it runs in a transaction that first checks the fence, else directly.
   * `what` names the write in the one log line of a refusal.
   */
  fencedWrite<T>(work: (db: Kysely<Schema>) => Promise<T>, what?: string): Promise<T>;
  /**
   * The same for a write that needs a transaction of its own anyway (a batch of historian
   * samples, the escalation state of several plans): always one transaction, which checks the
   * fence (when one is set) after the work, just before its commit.
   */
  fencedTransaction<T>(work: (trx: Transaction<Schema>) => Promise<T>, what?: string): Promise<T>;
  /**
   * Inside a transaction the caller runs (one that also writes what is not the owner's alone):
   * checks the fence when one is set. Throws FencedOut (store/fencing.ts) when refused.
   */
  checkFence(trx: Transaction<Schema>, what?: string): Promise<void>;
  /** Several processes: the owner's fencing check (it throws when this process was replaced). */
  setWriteFence(fence: Fence | null): void;
  /** Writes everything buffered and closes the connections. */
  close(): Promise<void>;
}

/** The owner's fencing check inside a writing transaction (scale/field-owner.ts fence()). */
export type Fence = (trx: Transaction<Schema>, what?: string) => Promise<void>;

export interface StoreOptions {
  /** postgres://… for PostgreSQL; null for SQLite in dataDir. */
  databaseUrl: string | null;
  dataDir: string;
}

// bigint columns hold millisecond times and ids, far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openSqlite(dataDir: string): { db: Kysely<Schema>; raw: Database.Database } {
  fs.mkdirSync(dataDir, { recursive: true });
  const raw = new Database(path.join(dataDir, 'leitwarte.sqlite'));
  raw.pragma('journal_mode = WAL');
  // FULL: an acknowledged command or audit row survives a power cut, not only a process crash.
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return { db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) }), raw };
}

/** Opens the store and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<Store> {
  let db: Kysely<Schema>;
  let dialect: StoreDialect;
  let beforeClose: () => void = () => {};
  if (options.databaseUrl === null) {
    const sqlite = openSqlite(options.dataDir);
    db = sqlite.db;
    dialect = 'sqlite';
    beforeClose = () => {
      sqlite.raw.pragma('wal_checkpoint(TRUNCATE)');
    };
  } else {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, administrator) is dropped by the
    // pool and replaced on the next query; unhandled, its error would end the process.
    pool.on('error', () => {});
    db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  }
  try {
    await migrateToLatest(db as Kysely<unknown>, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  const audit = createAuditRepository(db);
  let fence: Fence | null = null;
  return {
    dialect,
    db,
    meta: createMetaRepository(db),
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    audit,
    rights: createRightsRepository(db),
    fencedWrite(work, what) {
      const check = fence;
      if (check === null) return work(db);
      return db.transaction().execute(async (trx) => {
        await check(trx, what);
        return work(trx);
      });
    },
    fencedTransaction(work, what) {
      const check = fence;
      return db.transaction().execute(async (trx) => {
        const result = await work(trx);
        // Checked last: the lease row is locked only from here to the commit, so a long batch
        // never holds up the owner's renewal, and a refusal still rolls all of it back.
        if (check !== null) await check(trx, what);
        return result;
      });
    },
    async checkFence(trx, what) {
      const check = fence;
      if (check !== null) await check(trx, what);
    },
    setWriteFence(next) {
      fence = next;
    },
    async close() {
      if (closed) return;
      closed = true;
      // The summary rows of refusals counted in the last minute are evidence too.
      await audit.close().catch(() => undefined);
      beforeClose();
      await db.destroy();
    },
  };
}
