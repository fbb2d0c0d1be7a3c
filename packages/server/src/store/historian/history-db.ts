import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { StoreDialect } from '../dialect.js';
import { historianMigration } from '../migrations/006-historian.js';
import { sampleDaysMigration } from '../migrations/006-historian-sample-days.js';
import { sampleTilesMigration } from '../migrations/006-historian-sample-tiles.js';
import { historyGapsMigration } from '../migrations/009-history-gaps.js';
import type { Store } from '../store.js';
import type { HistoryTables } from './schema.js';

/** Where the historian's tables live. */
export interface HistoryDb {
  readonly dialect: StoreDialect;
  readonly db: Kysely<HistoryTables>;
  /** SQLite only: the connection itself, for bulk writes and scans without per-row objects. */
  readonly sqlite: Database.Database | null;
  /** SQLite only: the database file, which read threads open read-only. */
  readonly file: string | null;
  /**
   * A transaction of the historian's writer: on the store's PostgreSQL it carries the field
   * owner's fencing token when several processes run (store.fencedTransaction), so a former
   * owner writes no samples; elsewhere a plain transaction. `what` names it in the refusal's log line.
   */
  writeTransaction<T>(work: (trx: Kysely<HistoryTables>) => Promise<T>, what: string): Promise<T>;
  /** Closes what the historian opened itself (the SQLite file); PostgreSQL belongs to the store. */
  close(): Promise<void>;
}

const plainTransaction =
  (db: Kysely<HistoryTables>) =>
  <T>(work: (trx: Kysely<HistoryTables>) => Promise<T>): Promise<T> =>
    db.transaction().execute(work);

export const HISTORY_FILE = 'history.sqlite';

/** How long the server's thread waits for a write lock another connection holds. */
const SERVER_THREAD_BUSY_MS = 100;

/**
 * Opens the historian's database. On SQLite it is a file of its own beside the store's, with
 * synchronous=NORMAL: bulk sample writes then cost no fsync per transaction and never wait
 * for (or delay) the store's synchronous=FULL command and audit commits, and a crash can lose
 * at most the last committed-but-unsynced samples, never a command. On PostgreSQL the tables
 * are in the store's database (migration 006), written through the store's pool.
 */
export async function openHistoryDb(store: Store, dataDir: string): Promise<HistoryDb> {
  if (store.dialect === 'postgres') {
    return {
      dialect: 'postgres',
      db: store.db as unknown as Kysely<HistoryTables>,
      sqlite: null,
      file: null,
      writeTransaction: (work, what) =>
        store.fencedTransaction((trx) => work(trx as unknown as Kysely<HistoryTables>), what),
      close: async () => {},
    };
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, HISTORY_FILE);
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  // The server's thread waits at most this long for the backfill thread's write lock (its
  // transactions take a few ms): a wait blocks every request. A flush that finds the lock taken
  // keeps its samples for the next one (ingest.ts).
  raw.pragma(`busy_timeout = ${SERVER_THREAD_BUSY_MS}`);
  setReadPragmas(raw);
  const db = new Kysely<HistoryTables>({ dialect: new SqliteDialect({ database: raw }) });
  const provider: MigrationProvider = {
    getMigrations: async () => ({
      '006-historian': historianMigration('sqlite'),
      '006-historian-sample-days': sampleDaysMigration,
      '006-historian-sample-tiles': sampleTilesMigration,
      '009-history-gaps': historyGapsMigration,
    }),
  };
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    await db.destroy();
    throw new Error(`historian migration failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  let closed = false;
  return {
    dialect: 'sqlite',
    db,
    sqlite: raw,
    file,
    writeTransaction: plainTransaction(db),
    async close() {
      if (closed) return;
      closed = true;
      raw.pragma('wal_checkpoint(TRUNCATE)');
      await db.destroy();
    },
  };
}

/**
 * A second connection to the historian's tables for a worker thread that writes (the backfill),
 * opened after openHistoryDb migrated them: the SQLite file with the historian's pragmas, or a
 * small pool of its own on PostgreSQL.
 */
export function openHistoryDbForWorker(where: { file: string } | { databaseUrl: string }): HistoryDb {
  if ('databaseUrl' in where) {
    const pool = new pg.Pool({ connectionString: where.databaseUrl, max: 2 });
    pool.on('error', () => {});
    const db = new Kysely<HistoryTables>({ dialect: new PostgresDialect({ pool }) });
    return {
      dialect: 'postgres',
      db,
      sqlite: null,
      file: null,
      writeTransaction: plainTransaction(db),
      close: () => db.destroy(),
    };
  }
  const raw = new Database(where.file, { fileMustExist: true });
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  setReadPragmas(raw);
  const db = new Kysely<HistoryTables>({ dialect: new SqliteDialect({ database: raw }) });
  return {
    dialect: 'sqlite',
    db,
    sqlite: raw,
    file: where.file,
    writeTransaction: plainTransaction(db),
    close: () => db.destroy(),
  };
}

function setReadPragmas(raw: Database.Database): void {
  // 64 MiB page cache: a year of one series is about 12 MiB of pages.
  raw.pragma('cache_size = -65536');
  // Pages read through a memory map: a chart of several series over a year touches more pages
  // than the page cache holds, and a mapped page costs no read call and no copy (measured: the
  // M4 of a year of 8 series about a tenth faster).
  raw.pragma('mmap_size = 1073741824');
}

/**
 * A read-only connection to the historian's SQLite file (opened and migrated by openHistoryDb
 * before): in WAL mode it reads the last commit while the historian writes.
 */
export function openHistoryFileReadOnly(file: string): Database.Database {
  const raw = new Database(file, { readonly: true, fileMustExist: true });
  raw.pragma('busy_timeout = 5000');
  setReadPragmas(raw);
  return raw;
}
