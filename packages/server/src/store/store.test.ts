import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { openStore, type Store } from './index.js';

describe.each(BOTH_DIALECTS)('store on %s', (dialect) => {
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

  it('runs the migrations once: opening again finds the schema in place', async () => {
    const again = await openStore(database);
    expect(await again.users.count()).toBe(0);
    await again.close();
    expect(store.dialect).toBe(dialect);
  });

  it('stores users with unique names and counts failed logins', async () => {
    const user = await store.users.insert(
      { username: 'meier', displayName: 'K. Meier', passwordHash: 'h', role: 'operator' },
      1000,
    );
    expect(user).toMatchObject({
      username: 'meier',
      role: 'operator',
      language: 'de',
      disabled: 0,
      created_at: 1000,
    });
    await expect(
      store.users.insert({ username: 'meier', displayName: 'x', passwordHash: 'h', role: 'viewer' }, 1001),
    ).rejects.toThrow();
    expect(await store.users.recordFailure(user.id, 2000)).toBe(1);
    expect(await store.users.recordFailure(user.id, 2001)).toBe(2);
    await store.users.lockUntil(user.id, 9000, 2002);
    expect(await store.users.byId(user.id)).toMatchObject({ failed_logins: 0, locked_until: 9000 });
    await store.users.clearFailures(user.id, 2003);
    expect((await store.users.byName('meier'))?.locked_until).toBeNull();
  });

  it('opens, touches and ends sessions; ending all of a user returns the open ones only', async () => {
    const user = await store.users.insert(
      { username: 'schulz', displayName: 'S', passwordHash: 'h', role: 'viewer' },
      1,
    );
    const base = {
      user_id: user.id,
      csrf_token: 't',
      created_at: 10,
      last_seen_at: 10,
      expires_at: 99_999,
      ended_at: null,
      end_reason: null,
    };
    await store.sessions.insert({ ...base, id_hash: 'a' });
    await store.sessions.insert({ ...base, id_hash: 'b' });
    await store.sessions.insert({ ...base, id_hash: 'c' });
    await store.sessions.touch('a', 50);
    expect((await store.sessions.open('a'))?.last_seen_at).toBe(50);
    expect(await store.sessions.end('c', 60, 'logout')).toBe(true);
    expect(await store.sessions.end('c', 61, 'logout')).toBe(false);
    expect(await store.sessions.open('c')).toBeUndefined();
    expect((await store.sessions.endAllOfUser(user.id, 70, 'disabled')).sort()).toEqual(['a', 'b']);
    expect(await store.sessions.open('a')).toBeUndefined();
  });

  it('appends audit rows, lists them newest first within the range, and refuses changes to them', async () => {
    for (const at of [100, 200, 300]) {
      await store.audit.append({ at, userId: null, username: 'admin', action: 'login', detail: { at } });
    }
    const rows = await store.audit.range(150, 300, 10);
    expect(rows.map((r) => r.at)).toEqual([300, 200]);
    expect(JSON.parse(rows[0]!.detail ?? '{}')).toEqual({ at: 300 });
    expect(await store.audit.range(0, 1000, 1)).toHaveLength(1);
    await expect(store.db.updateTable('audit_log').set({ action: 'forged' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(store.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('keeps the first value of a meta key', async () => {
    expect(await store.meta.getOrInsert('secret', () => 'one')).toBe('one');
    expect(await store.meta.getOrInsert('secret', () => 'two')).toBe('one');
    expect(await store.meta.get('missing')).toBeUndefined();
  });
});
