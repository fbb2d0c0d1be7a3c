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
   */
  fencedWrite<T>(work: (db: Kysely<Schema>) => Promise<T>): Promise<T>;
  /** Several processes: the owner's fencing check (it throws when this process was replaced). */
  setWriteFence(fence: ((trx: Transaction<Schema>) => Promise<void>) | null): void;
  /** Writes everything buffered and closes the connections. */
  close(): Promise<void>;
}

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
  let fence: ((trx: Transaction<Schema>) => Promise<void>) | null = null;
  return {
    dialect,
    db,
    meta: createMetaRepository(db),
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    audit,
    rights: createRightsRepository(db),
    fencedWrite(work) {
      const check = fence;
      if (check === null) return work(db);
      return db.transaction().execute(async (trx) => {
        await check(trx);
        return work(trx);
      });
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
