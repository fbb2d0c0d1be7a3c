import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { openStore, type Store } from '../index.js';
import { migrateToLatest } from '../migrate.js';
import { canonicalRow, GENESIS_HASH, rowHash } from './audit-chain.js';
import { describeVerification, verifyAuditChain } from './audit-verify.js';

const row = (action: string, at = 1000) => ({ at, userId: 7, username: 'meier', action, detail: { x: 1 } });

describe('canonical encoding of an audit row', () => {
  it('is the JSON array of the fields in a fixed order, so both stores hash alike', () => {
    const fields = {
      id: 3,
      at: 1_700_000_000_000,
      user_id: null,
      username: 'admin',
      action: 'pv.write',
      object: 'AnaOut-1',
      old_value: '1',
      new_value: '2',
      detail: '{"a":"ä"}',
      remote_address: '10.0.0.1',
    };
    expect(canonicalRow(fields)).toBe(
      '[3,1700000000000,null,"admin","pv.write","AnaOut-1","1","2","{\\"a\\":\\"ä\\"}","10.0.0.1"]',
    );
    expect(rowHash(GENESIS_HASH, fields)).toMatch(/^[0-9a-f]{64}$/);
    expect(rowHash(GENESIS_HASH, { ...fields, new_value: '3' })).not.toBe(rowHash(GENESIS_HASH, fields));
  });
});

describe.each(BOTH_DIALECTS)('the audit log on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('chains every row to the one before, and verify finds it intact', async () => {
    await Promise.all(['a', 'b', 'c', 'd'].map((action) => store.audit.append(row(action))));
    const rows = await store.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    const result = await verifyAuditChain(store.db);
    expect(result).toEqual({ ok: true, rows: 4, lastHash: rows.at(-1)!.hash });
    expect(describeVerification(result)).toMatch(/^Audit log intact: 4 rows/);
  });

  it('keeps the chain when two stores (two processes) append at the same time', async () => {
    const other = await openStore(database);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : other).audit.append(row(`race.${i}`))),
    );
    await other.close();
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 24 });
  });

  it('refuses to update, delete, replace, upsert or truncate a row', async () => {
    const db = store.db as Kysely<unknown>;
    const refusals =
      dialect === 'sqlite'
        ? [
            sql`update audit_log set action = 'forged'`,
            sql`delete from audit_log where id = 1`,
            sql`insert or replace into audit_log (id, at, action) values (1, 0, 'forged')`,
            sql`replace into audit_log (id, at, action) values (2, 0, 'forged')`,
            sql`insert into audit_log (id, at, action) values (1, 0, 'forged') on conflict (id) do update set action = 'forged'`,
          ]
        : [
            sql`update audit_log set action = 'forged'`,
            sql`delete from audit_log where id = 1`,
            sql`insert into audit_log (id, at, action) values (1, 0, 'forged') on conflict (id) do update set action = 'forged'`,
            sql`truncate audit_log`,
          ];
    for (const statement of refusals) {
      await expect(statement.execute(db)).rejects.toThrow(/append-only|duplicate key/);
    }
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true, rows: 24 });
  });

  it('reports the first broken row when someone with file access changes one', async () => {
    const db = store.db as Kysely<unknown>;
    // What only someone around the server can do: switch the guard off and edit the row.
    if (dialect === 'sqlite') {
      await sql`drop trigger audit_log_no_update`.execute(db);
      await sql`drop trigger audit_log_no_delete`.execute(db);
    } else await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    await sql`update audit_log set new_value = 'forged' where id = 3`.execute(db);
    const result = await verifyAuditChain(store.db);
    expect(result).toMatchObject({ ok: false, rows: 2, broken: { id: 3, problem: 'contentMismatch' } });
    expect(describeVerification(result)).toMatch(/^Audit log broken at row 3 .*changed after it was written/);
    await sql`update audit_log set new_value = null where id = 3`.execute(db);
    expect(await verifyAuditChain(store.db)).toMatchObject({ ok: true });
    await sql`delete from audit_log where id = 5`.execute(db);
    expect(await verifyAuditChain(store.db)).toMatchObject({
      ok: false,
      broken: { id: 6, problem: 'previousMismatch' },
    });
  });
});

describe.each(BOTH_DIALECTS)('chaining an existing audit log once (%s)', (dialect) => {
  it('gives the rows written before the chain their hashes in id order', async () => {
    const database = await createTestDatabase(dialect);
    const store = await openStore(database);
    // A store as it was before the chain: rows without hashes, as the old server wrote them.
    await store.close();
    const reopened = await openStore(database);
    const db = reopened.db as Kysely<unknown>;
    await sql`delete from kysely_migration where name >= '011-audit-chain'`.execute(db);
    // Nor had it what later migrations added (012: report exports).
    for (const table of ['report_export_runs', 'report_scheduled_exports', 'report_export_settings']) {
      await sql`drop table ${sql.table(table)}`.execute(db);
    }
    await sql`alter table report_configs drop column resolution`.execute(db);
    // (015, PostgreSQL only: the field owner's lease.)
    if (dialect === 'postgres') await sql`drop table field_owner`.execute(db);
    // (018: dashboards made in the editor.)
    for (const column of ['version', 'created_by', 'updated_at', 'updated_by']) {
      await sql`alter table dashboards drop column ${sql.ref(column)}`.execute(db);
    }
    // (019: maintenance calendar tokens.)
    await sql`drop table maintenance_calendar_tokens`.execute(db);
    if (dialect === 'sqlite') {
      await sql`drop trigger audit_log_no_replace`.execute(db);
    } else {
      await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
    }
    await sql`alter table audit_log drop column prev_hash`.execute(db);
    await sql`alter table audit_log drop column hash`.execute(db);
    for (const action of ['login', 'pv.write', 'logout']) {
      await sql`insert into audit_log (at, username, action) values (${1000}, ${'admin'}, ${action})`.execute(
        db,
      );
    }
    await migrateToLatest(db, dialect);
    expect(await verifyAuditChain(reopened.db)).toMatchObject({ ok: true, rows: 3 });
    await reopened.audit.append(row('after'));
    expect(await verifyAuditChain(reopened.db)).toMatchObject({ ok: true, rows: 4 });
    await reopened.close();
    await database.drop();
  });
});
