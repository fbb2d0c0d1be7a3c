import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL service the tests use; each test run makes its own database there. */
export const TEST_PG_URL = process.env.LEITWARTE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  /** null for SQLite (the data directory holds the file). */
  databaseUrl: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty store of the given kind; drop() removes every trace of it. */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-test-'));
  if (dialect === 'sqlite') {
    return {
      databaseUrl: null,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `leitwarte_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Both stores, for tests that must pass on each (describe.each). */
export const BOTH_DIALECTS: TestDialect[] = ['sqlite', 'postgres'];
