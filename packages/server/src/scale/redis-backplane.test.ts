// Two server processes of one installation (one PostgreSQL store, one Redis) as the official
// SignalR client sees them: what happens on one reaches the clients of the other.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ProcessValue, PvRef, ServerInfoMessage } from '@leitwarte/core';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, createConnector, sleep, until } from '../hubs/live-test-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { plantWithPendingFailure } from '../test-support/test-plant.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const REDIS_URL = process.env.LEITWARTE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SETPOINT: PvRef = { type: 'AnaOut', nr: 100010 };

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-scale-'));
}

/** Servers of one installation: the same store, the same Redis and channel prefix. */
async function startInstallation(database: TestDatabase, plantFile: string, redisUrl: string, count: number) {
  const prefix = `lwtest-${randomBytes(4).toString('hex')}:`;
  const servers: TestServer[] = [];
  // One after the other: the first migrates and bootstraps the store, the others find it ready.
  for (let i = 0; i < count; i += 1) {
    servers.push(
      await startTestServer({
        database,
        config: { plantPath: plantFile, redisUrl, redisPrefix: prefix, dataDir: tempDir() },
      }),
    );
  }
  return servers;
}

function post(server: TestServer, who: LoggedIn, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('Redis backplane between two processes', () => {
  const connector = createConnector();
  let database: TestDatabase;
  let plant: { file: string; remove: () => void };
  let a: TestServer;
  let b: TestServer;
  let operator: LoggedIn;

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    database = await createTestDatabase('postgres');
    [a, b] = (await startInstallation(database, plant.file, REDIS_URL, 2)) as [TestServer, TestServer];
    operator = await loginAsNewUser(a, 'scale-op', 'operator');
  }, 60_000);
  afterEach(() => connector.stopAll());
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    plant?.remove();
  });

  it('a value written through one process reaches the subscribers on the other, once', async () => {
    // The session made on A is valid on B: sessions live in the shared store.
    const onB = connector.connect(b, 'pv', operator.cookie);
    const values = collect<ProcessValue>(onB, 'newValue');
    await onB.start();
    await onB.invoke('SubscribeToPvs', [SETPOINT]);
    const reply = await post(a, operator, '/api/Pv', [
      { pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 1.5 },
    ]);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ status: 'Success' });
    await until(() => values.length > 0);
    expect(values[0]).toMatchObject({ pvRef: SETPOINT, doubleValue: 1.5 });
    await sleep(300);
    expect(values).toHaveLength(1);
    // Carried once per process: B received it over Redis, A published it.
    expect(b.services.scale.redis?.stats().received).toBeGreaterThan(0);
    expect(a.services.scale.redis?.stats().published).toBeGreaterThan(0);
  });

  it("an administrator's message sent on one process reaches the server-status clients of the other", async () => {
    const admin = await a.loginWithToken();
    const onB = connector.connect(b, 'server-status', admin.cookie);
    const messages = collect<ServerInfoMessage>(onB, 'sendServerInfoMessage');
    await onB.start();
    const reply = await post(a, admin, '/api/admin/server-info-message', { message: 'Wartung um 14 Uhr' });
    expect(reply.status).toBeLessThan(300);
    await until(() => messages.length > 0);
    expect(messages[0]).toMatchObject({ message: 'Wartung um 14 Uhr' });
  });

  it("logout on one process closes the user's socket on the other within 1 s", async () => {
    const user = await a.loginWithToken('scale-op', 'User-Test-Password-1');
    const bystander = await a.loginWithToken('scale-op', 'User-Test-Password-1');
    const onB = connector.connect(b, 'pv', user.cookie);
    const other = connector.connect(b, 'pv', bystander.cookie);
    let closedAt = 0;
    onB.onclose(() => (closedAt = Date.now()));
    await onB.start();
    await other.start();
    const started = Date.now();
    await a.logout(user.cookie);
    await until(() => closedAt > 0, 1000);
    expect(closedAt - started).toBeLessThan(1000);
    expect(other.state).toBe(HubConnectionState.Connected);
  });

  it('a rights change on one process takes effect on the other at once', async () => {
    expect(b.services.rights.roles().some((r) => r.name === 'scale-viewers')).toBe(false);
    await createTestRole(a, 'scale-viewers', ['read']);
    await until(() => b.services.rights.roles().some((r) => r.name === 'scale-viewers'), 1000);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A Redis of this test alone, so restarting it disturbs nobody else. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Ready to accept connections')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`redis-server ended (${code}): ${seen}`)));
  });
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('Redis restart', () => {
  let database: TestDatabase;
  let plant: { file: string; remove: () => void };
  let redis: ChildProcess;
  let port: number;
  let servers: TestServer[] = [];
  const open: HubConnection[] = [];

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    database = await createTestDatabase('postgres');
    port = await freePort();
    redis = await startRedis(port);
    servers = await startInstallation(database, plant.file, `redis://127.0.0.1:${port}`, 2);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    for (const server of servers) await server.close();
    await database?.drop();
    if (redis) await stopRedis(redis);
    plant?.remove();
  });

  it('the processes reconnect and the clients resubscribe without a reload', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const operator = await loginAsNewUser(a, 'restart-op', 'operator');
    const onB = new HubConnectionBuilder()
      .withUrl(`${b.url}/hubs/pv`, { headers: { Cookie: operator.cookie } })
      .withAutomaticReconnect([0, 200, 500, 1000, 1000, 1000, 1000, 1000])
      .configureLogging(LogLevel.None)
      .build();
    open.push(onB);
    const values = collect<ProcessValue>(onB, 'newValue');
    let reconnected = 0;
    // The client subscribes again on every (re)connection, as the web app's channels do.
    onB.onreconnected(() => {
      reconnected += 1;
      void onB.invoke('SubscribeToPvs', [SETPOINT]);
    });
    await onB.start();
    await onB.invoke('SubscribeToPvs', [SETPOINT]);

    await stopRedis(redis);
    await until(() => b.services.scale.redis?.stats().connected === false, 5000);
    redis = await startRedis(port);
    await until(() => reconnected > 0, 10_000);
    expect(b.services.scale.redis?.stats().resumed).toBeGreaterThan(0);
    // A's publisher is back too: a write through A reaches B's client again.
    await until(() => a.services.scale.redis?.stats().connected === true, 10_000);
    await sleep(300);
    const write = async () =>
      post(a, operator, '/api/Pv', [{ pvRef: SETPOINT, type: 'DoubleValue', doubleValue: 2.75 }]);
    expect(await (await write()).json()).toMatchObject({ status: 'Success' });
    await until(() => values.some((v) => v.doubleValue === 2.75), 5000);
    expect(onB.state).toBe(HubConnectionState.Connected);
  }, 40_000);
});
