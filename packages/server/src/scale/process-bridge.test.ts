// What one process decides about sessions and rights reaches the others over the real Redis.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRightsService, type RightsService } from '../auth/rights.js';
import { createSessionService, type SessionService } from '../auth/sessions.js';
import { addUser } from '../auth/users.js';
import { until } from '../hubs/live-test-client.js';
import { createRedisBackplane, type RedisBackplane } from '../hubs/redis-backplane.js';
import { openStore, type Store } from '../store/index.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { TEST_REDIS_URL } from '../test-support/redis-server.js';
import { bridgeProcesses } from './process-bridge.js';

interface Process {
  store: Store;
  backplane: RedisBackplane;
  sessions: SessionService;
  rights: RightsService;
  ended: string[];
  rightsChanges: number;
  stop: () => void;
}

describe('session ends and rights changes between processes', () => {
  let database: TestDatabase;
  const processes: Process[] = [];
  let userId: number;

  async function start(prefix: string): Promise<Process> {
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const backplane = createRedisBackplane({ url: TEST_REDIS_URL, prefix });
    await backplane.ready();
    const sessions = createSessionService({ store, idleMs: 60_000, maxMs: 3_600_000 });
    const rights = createRightsService(store, { stationOf: () => null, pvGroupsOf: () => [] });
    await rights.reload();
    const stop = bridgeProcesses({ backplane, origin: backplane.origin, sessions, rights });
    const p: Process = { store, backplane, sessions, rights, ended: [], rightsChanges: 0, stop };
    sessions.gate.onSessionEnded((id) => p.ended.push(id));
    rights.onChange(() => (p.rightsChanges += 1));
    processes.push(p);
    return p;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const prefix = `lwtest-${randomBytes(4).toString('hex')}:`;
    const a = await start(prefix);
    await start(prefix);
    const { user } = await addUser(a.store, {
      username: 'bridge-user',
      role: 'operator',
      password: 'Bridge-Password-1',
      actor: 'test',
    });
    userId = user.id;
  });
  afterAll(async () => {
    for (const p of processes) {
      p.stop();
      p.sessions.close();
      await p.backplane.close();
      await p.store.close();
    }
    await database?.drop();
  });

  it('a logout on one process ends the session on the other at once, and only once', async () => {
    const [a, b] = processes as [Process, Process];
    const { session } = await a.sessions.create(userId);
    await a.sessions.end(session.sessionId, 'logout');
    expect(a.ended).toEqual([session.sessionId]);
    await until(() => b.ended.includes(session.sessionId), 1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.ended).toEqual([session.sessionId]);
    expect(b.ended).toEqual([session.sessionId]);
  });

  it('disabling a user on one process ends all its sessions on the other', async () => {
    const [a, b] = processes as [Process, Process];
    const first = await a.sessions.create(userId);
    const second = await a.sessions.create(userId);
    await a.sessions.endAllOfUser(userId, 'disabled');
    await until(
      () => b.ended.includes(first.session.sessionId) && b.ended.includes(second.session.sessionId),
      1000,
    );
  });

  it('a rights change on one process makes the other reload, without echoing back', async () => {
    const [a, b] = processes as [Process, Process];
    const before = { a: a.rightsChanges, b: b.rightsChanges };
    await a.store.rights.createRole({
      name: 'bridge-viewers',
      description: 'bridge',
      rights: ['read'],
      scope: { allStations: true, stations: [], pvGroups: [] },
    });
    await a.rights.reload();
    await until(() => b.rights.roles().some((r) => r.name === 'bridge-viewers'), 1000);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.rightsChanges - before.a).toBe(1);
    expect(b.rightsChanges - before.b).toBe(1);
  });
});
