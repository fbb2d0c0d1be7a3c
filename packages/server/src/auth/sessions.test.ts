import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { openStore, type Store } from '../store/index.js';
import { createSessionService, type SessionService } from './sessions.js';

describe('sessions', () => {
  let database: TestDatabase;
  let store: Store;
  let sessions: SessionService;
  let now = 1_000_000;
  let userId: number;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore(database);
    userId = (
      await store.users.insert({ username: 'u', displayName: 'U', passwordHash: 'h', role: 'viewer' }, now)
    ).id;
    sessions = createSessionService({ store, idleMs: 60_000, maxMs: 3_600_000, now: () => now, sweepMs: 20 });
  });
  afterEach(async () => {
    sessions.close();
    await store.close();
    await database.drop();
  });

  it('keeps only the hash of the secret in the store', async () => {
    const { secret, session } = await sessions.create(userId);
    expect(session.sessionId).not.toBe(secret);
    const rows = await store.db.selectFrom('sessions').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('expires after the idle time unless touched, and announces the end', async () => {
    const ended: string[] = [];
    sessions.gate.onSessionEnded((id, reason) => ended.push(`${id}:${reason}`));
    const { secret, session } = await sessions.create(userId);
    now += 50_000;
    await sessions.touch(session.sessionId);
    now += 50_000;
    expect(await sessions.resolve(secret)).not.toBeNull();
    now += 60_001;
    await new Promise((r) => setTimeout(r, 60));
    expect(ended).toEqual([`${session.sessionId}:expired`]);
    expect(await sessions.resolve(secret)).toBeNull();
  });

  it('ends at its absolute lifetime whatever the activity', async () => {
    const { secret, session } = await sessions.create(userId);
    for (let i = 0; i < 70; i++) {
      now += 55_000;
      await sessions.touch(session.sessionId);
    }
    expect(await sessions.resolve(secret)).toBeNull();
  });

  it('ends every session of a disabled user at once', async () => {
    const ended: string[] = [];
    sessions.gate.onSessionEnded((id, reason) => ended.push(reason));
    const a = await sessions.create(userId);
    const b = await sessions.create(userId);
    await sessions.endAllOfUser(userId, 'disabled');
    expect(ended).toEqual(['disabled', 'disabled']);
    expect(await sessions.resolve(a.secret)).toBeNull();
    expect(await sessions.resolve(b.secret)).toBeNull();
  });

  it('notices a user disabled by another process', async () => {
    const { secret } = await sessions.create(userId);
    await store.users.setDisabled(userId, true, now);
    now += 16_000;
    expect(await sessions.resolve(secret)).toBeNull();
  });
});
