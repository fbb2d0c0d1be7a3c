// Three server processes of one installation (one PostgreSQL store, one Redis) behind no
// proxy: any request and any hub connection may go to any of them.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProcessValue, PvAllItem, PvRef } from '@leitwarte/core';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, createConnector, sleep, until } from '../hubs/live-test-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { plantWithPendingFailure } from '../test-support/test-plant.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser, TEST_USER_PASSWORD } from '../test-support/users.js';
import { TEST_REDIS_URL } from '../test-support/redis-server.js';

const SETPOINT: PvRef = { type: 'AnaOut', nr: 100010 };

interface Health {
  status: string;
  dataSource: string;
  process: { id: string; field: string; owner: string | null; backplane: string };
}

const health = async (server: TestServer) => (await (await fetch(`${server.url}/healthz`)).json()) as Health;

function post(server: TestServer, who: LoggedIn, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('several processes: one owner of the field, the others pass requests on', () => {
  const connector = createConnector();
  let database: TestDatabase;
  let plant: { file: string; remove: () => void };
  const servers: TestServer[] = [];
  let operator: LoggedIn;

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    database = await createTestDatabase('postgres');
    const prefix = `lwtest-${randomBytes(4).toString('hex')}:`;
    // One after the other: the first migrates the store and wins the election.
    for (let i = 0; i < 3; i += 1) {
      servers.push(
        await startTestServer({
          database,
          config: {
            plantPath: plant.file,
            redisUrl: TEST_REDIS_URL,
            redisPrefix: prefix,
            dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-scale-')),
          },
        }),
      );
    }
    operator = await loginAsNewUser(servers[1]!, 'scale-op', 'operator');
  }, 60_000);
  afterEach(() => connector.stopAll());
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
    plant?.remove();
  });

  it('elects one owner; every process says which one in /healthz', async () => {
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    const reports = [await health(a), await health(b), await health(c)];
    expect(reports.map((r) => r.process.field)).toEqual(['owner', 'follower', 'follower']);
    expect(new Set(reports.map((r) => r.process.owner))).toEqual(new Set([a.url]));
    expect(reports.every((r) => r.status === 'ok' && r.process.backplane === 'connected')).toBe(true);
    // Only the owner runs the field.
    expect(reports.map((r) => r.dataSource)).toEqual(['Connected', 'at the owner', 'at the owner']);
  });

  it('a value written through one follower reaches a client connected through the other', async () => {
    const [, b, c] = servers as [TestServer, TestServer, TestServer];
    const onC = connector.connect(c, 'pv', operator.cookie);
    const values = collect<ProcessValue>(onC, 'newValue');
    await onC.start();
    await onC.invoke('SubscribeToPvs', [SETPOINT]);
    const reply = await post(b, operator, '/api/Pv', [
      { pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 1.5 },
    ]);
    expect(await reply.json()).toMatchObject({ status: 'Success' });
    await until(() => values.length > 0);
    expect(values[0]).toMatchObject({ pvRef: SETPOINT, doubleValue: 1.5 });
    await sleep(300);
    expect(values).toHaveLength(1);
    // The write was made and audited once, by the owner.
    const audits = await servers[0]!.services.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'pv.write')
      .execute();
    expect(audits).toHaveLength(1);
  });

  it("logout through one process closes the user's socket held through another within 1 s", async () => {
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    const user = await b.loginWithToken('scale-op', TEST_USER_PASSWORD);
    const bystander = await c.loginWithToken('scale-op', TEST_USER_PASSWORD);
    const onC = connector.connect(c, 'pv', user.cookie);
    const other = connector.connect(b, 'pv', bystander.cookie);
    let closedAt = 0;
    onC.onclose(() => (closedAt = Date.now()));
    await onC.start();
    await other.start();
    const started = Date.now();
    await a.logout(user.cookie);
    await until(() => closedAt > 0, 1000);
    expect(closedAt - started).toBeLessThan(1000);
    expect(other.state).toBe(HubConnectionState.Connected);
  });

  it('refuses a request passed on twice instead of passing it around', async () => {
    const reply = await fetch(`${servers[1]!.url}/api/UserManagement/info`, {
      headers: { cookie: operator.cookie, 'x-leitwarte-forwarded': 'elsewhere' },
    });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('2');
  });

  it('when the owner stops, another process takes over within 10 s and the plant goes on', async () => {
    const [a, b, c] = servers as [TestServer, TestServer, TestServer];
    const stoppedAt = Date.now();
    await a.close();
    await until(() => [b, c].some((s) => s.services.scale.field.role() === 'owner'), 10_000);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const [owner, follower] = b.services.scale.field.role() === 'owner' ? [b, c] : [c, b];
    // The follower learns the new owner from the lease row at its next check (every 2 s).
    let known = (await health(follower)).process.owner;
    for (let tries = 0; known !== owner.url && tries < 25; tries += 1) {
      await sleep(200);
      known = (await health(follower)).process.owner;
    }
    expect(known).toBe(owner.url);
    // The new owner's simulator went on from the archived state: the written value is still there.
    const reply = await fetch(`${follower.url}/api/Pv/all`, { headers: { cookie: operator.cookie } });
    expect(reply.status).toBe(200);
    const all = (await reply.json()) as PvAllItem[];
    const setpoint = all.find(
      (i) => i.config.pvRef.type === SETPOINT.type && i.config.pvRef.nr === SETPOINT.nr,
    );
    expect(setpoint?.value).toMatchObject({ doubleValue: 1.5 });
  }, 20_000);
});
