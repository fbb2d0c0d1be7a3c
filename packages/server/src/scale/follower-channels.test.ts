// Several processes (one PostgreSQL store, one Redis): the value channels are served by every
// process itself, from its mirror of the owner's live state, with connection tokens that any
// process accepts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProcessValue, PvAllItem, PvRef, Station } from '@leitwarte/core';
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { collect, createConnector, sleep, until } from '../hubs/live-test-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { plantWithPendingFailure } from '../test-support/test-plant.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser, TEST_USER_PASSWORD } from '../test-support/users.js';
import { TEST_REDIS_URL } from '../test-support/redis-server.js';

const RS = '\u001e';

interface Negotiated {
  connectionId: string;
  connectionToken?: string;
}

async function negotiate(server: TestServer, hub: string, cookie: string, version = 1): Promise<Negotiated> {
  const reply = await fetch(`${server.url}/hubs/${hub}/negotiate?negotiateVersion=${version}`, {
    method: 'POST',
    headers: { cookie },
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as Negotiated;
}

/** A raw JSON-protocol hub connection, so that negotiate and socket may go to different processes. */
interface RawHub {
  socket: WebSocket;
  /** Every invocation the server sent: target and first argument. */
  received: { target: string; arg: unknown }[];
  completions: Map<string, unknown>;
  invoke(target: string, ...args: unknown[]): Promise<unknown>;
  closed: () => boolean;
}

/** Opens the socket; resolves with the status of a refused upgrade instead. */
function openRaw(server: TestServer, hub: string, id: string, cookie: string): Promise<RawHub | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/hubs/${hub}?id=${id}`, {
      headers: { cookie },
    });
    const raw: RawHub = {
      socket,
      received: [],
      completions: new Map(),
      invoke(target, ...args) {
        const invocationId = String(raw.completions.size + 1);
        raw.completions.set(invocationId, undefined);
        socket.send(JSON.stringify({ type: 1, invocationId, target, arguments: args }) + RS);
        return until(() => raw.completions.get(invocationId) !== undefined).then(() =>
          raw.completions.get(invocationId),
        );
      },
      closed: () => socket.readyState !== WebSocket.OPEN,
    };
    let handshaken = false;
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS));
    socket.on('message', (data: Buffer) => {
      for (const text of data.toString('utf8').split(RS)) {
        if (text === '') continue;
        const message = JSON.parse(text) as {
          type?: number;
          target?: string;
          arguments?: unknown[];
          invocationId?: string;
          result?: unknown;
          error?: string;
        };
        if (!handshaken) {
          handshaken = true;
          if (message.error) reject(new Error(message.error));
          else resolve(raw);
          continue;
        }
        if (message.type === 1) raw.received.push({ target: message.target!, arg: message.arguments?.[0] });
        if (message.type === 3)
          raw.completions.set(message.invocationId!, message.result ?? message.error ?? null);
      }
    });
  });
}

const newValues = (raw: RawHub): ProcessValue[] =>
  raw.received.filter((r) => r.target === 'newValues').flatMap((r) => r.arg as ProcessValue[]);

async function metric(server: TestServer, hub: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`leitwarte_hub_connections{hub="${hub}"}`));
  return line === undefined ? 0 : Number(line.split(' ')[1]);
}

async function pvAll(server: TestServer, who: LoggedIn): Promise<PvAllItem[]> {
  const reply = await fetch(`${server.url}/api/Pv/all`, { headers: { cookie: who.cookie } });
  expect(reply.status).toBe(200);
  return (await reply.json()) as PvAllItem[];
}

describe('several processes: every process serves the value channels itself', () => {
  const connector = createConnector();
  let database: TestDatabase;
  let plant: { file: string; remove: () => void };
  const servers: TestServer[] = [];
  const raws: WebSocket[] = [];
  let operator: LoggedIn;
  let analog: PvRef;

  beforeAll(async () => {
    plant = plantWithPendingFailure();
    database = await createTestDatabase('postgres');
    const prefix = `lwtest-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i += 1) {
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
    // On a busy machine the first owner may miss a renewal: the tests take the roles as they are.
    await until(() => servers.some((s) => s.services.scale.field.role() === 'owner'), 30_000);
    servers.sort(
      (x, y) =>
        Number(y.services.scale.field.role() === 'owner') - Number(x.services.scale.field.role() === 'owner'),
    );
    operator = await loginAsNewUser(servers[1]!, 'mirror-op', 'operator');
    // A simulated analogue input: it changes every second.
    const all = await pvAll(servers[0]!, operator);
    analog = all.find((i) => i.config.pvRef.type === 'AnaIn' && i.value?.type === 'DoubleValue')!.config
      .pvRef;
  }, 90_000);
  afterEach(async () => {
    for (const socket of raws.splice(0)) socket.close();
    await connector.stopAll();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.drop();
    plant?.remove();
  });

  it('the follower mirrors the owner: its snapshot is in before any change is asked for', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    expect([a, b].map((s) => s.services.scale.field.role())).toEqual(['owner', 'follower']);
    await until(() => b.services.plant.values.get(`${analog.type}-${analog.nr}`) !== undefined, 5000);
    const stations = (s: TestServer): Station[] => [...s.services.plant.stations()];
    expect(stations(b).map((s) => s.stationNumber)).toEqual(stations(a).map((s) => s.stationNumber));
  });

  it("negotiate on the owner, WebSocket on the follower: the follower sends the owner's values", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const ids = await negotiate(a, 'pv', operator.cookie);
    const raw = await openRaw(b, 'pv', ids.connectionToken!, operator.cookie);
    if (typeof raw === 'number') throw new Error(`upgrade refused: ${raw}`);
    raws.push(raw.socket);
    expect(await raw.invoke('SubscribeToPvs', [analog])).toMatchObject({ subscribed: [analog] });
    // A value the owner reports through its API arrives, the same, on the follower's socket.
    const atOwner = (await pvAll(a, operator)).find(
      (i) => i.config.pvRef.type === analog.type && i.config.pvRef.nr === analog.nr,
    )!.value!;
    await until(() => newValues(raw).some((v) => v.timestamp >= atOwner.timestamp), 5000);
    expect(newValues(raw).find((v) => v.timestamp === atOwner.timestamp)).toEqual(atOwner);
    // Served by the follower itself: the owner holds no pv connection for it.
    expect(await metric(b, 'pv')).toBe(1);
    expect(await metric(a, 'pv')).toBe(0);
  });

  it('the other channels are still passed on to the owner', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const status = connector.connect(b, 'server-status', operator.cookie);
    await status.start();
    expect(await metric(a, 'server-status')).toBe(1);
    expect(await metric(b, 'server-status')).toBe(0);
  });

  it('negotiate version 0 on the follower, WebSocket on the owner', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const ids = await negotiate(b, 'station', operator.cookie, 0);
    const raw = await openRaw(a, 'station', ids.connectionId, operator.cookie);
    if (typeof raw === 'number') throw new Error(`upgrade refused: ${raw}`);
    raws.push(raw.socket);
    const reply = (await raw.invoke('SubscribeToStations', [1])) as { subscribed: number[] };
    expect(reply.subscribed).toEqual([1]);
    await until(() => raw.received.some((r) => r.target === 'newDialState'));
  });

  it('refuses a changed token, a token of another hub or session, and one of an ended session', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const ids = await negotiate(a, 'pv', operator.cookie);
    const token = ids.connectionToken!;
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const changed = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await openRaw(b, 'pv', changed, operator.cookie)).toBe(404);
    // The connection id is the token's first part: another id with the same signature is refused.
    const otherId = `${'A'.repeat(22)}${token.slice(22)}`;
    expect(await openRaw(b, 'pv', otherId, operator.cookie)).toBe(404);
    expect(await openRaw(b, 'station', token, operator.cookie)).toBe(404);
    const someoneElse = await b.loginWithToken('mirror-op', TEST_USER_PASSWORD);
    expect(await openRaw(b, 'pv', token, someoneElse.cookie)).toBe(404);
    // A session that ended is refused at the upgrade, whichever process issued the token.
    const leaving = await b.loginWithToken('mirror-op', TEST_USER_PASSWORD);
    const issued = await negotiate(b, 'pv', leaving.cookie);
    await a.logout(leaving.cookie);
    expect(await openRaw(b, 'pv', issued.connectionToken!, leaving.cookie)).toBe(401);
    // The untouched token still works, once per process.
    const good = await openRaw(b, 'pv', token, operator.cookie);
    expect(typeof good).not.toBe('number');
    if (typeof good !== 'number') raws.push(good.socket);
    expect(await openRaw(b, 'pv', token, operator.cookie)).toBe(409);
  });

  it('the official client through the follower; it keeps its connection when the owner goes', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const onB = connector.connect(b, 'pv', operator.cookie);
    let closed = false;
    onB.onclose(() => (closed = true));
    const values = collect<ProcessValue[]>(onB, 'newValues');
    await onB.start();
    await onB.invoke('SubscribeToPvs', [analog]);
    await until(() => values.length > 0, 5000);
    await a.close();
    await until(() => b.services.scale.field.role() === 'owner', 10_000);
    const before = values.flat().length;
    const since = Date.now();
    await until(() => values.flat().length > before, 10_000);
    expect(Date.now() - since).toBeLessThan(10_000);
    await sleep(100);
    expect(closed).toBe(false);
    expect(onB.state).toBe(HubConnectionState.Connected);
  }, 30_000);
});
