// The station and server-status channels and the data-source admin call, with the official
// @microsoft/signalr client against the real server (real simulator and store).
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { ServerInfoMessage } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../auth/users.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import type { StationSubscribeReply } from './station-hub.js';
import type { StationEvents } from './station-subscriptions.js';

const open: HubConnection[] = [];

function connect(server: TestServer, hub: string, cookie: string, reconnect = false): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${server.url}/hubs/${hub}`, { headers: { Cookie: cookie } })
    .configureLogging(LogLevel.None);
  if (reconnect) builder = builder.withAutomaticReconnect([0, 100, 100]);
  const connection = builder.build();
  open.push(connection);
  return connection;
}

/** Collects every argument of one event, in order. */
function collect<T>(connection: HubConnection, event: string): T[] {
  const seen: T[] = [];
  connection.on(event, (arg: T) => seen.push(arg));
  return seen;
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function adminCall(
  server: TestServer,
  path: string,
  body: unknown,
  who: { cookie: string; csrfToken: string },
) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

describe('station channel', () => {
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startTestServer();
    cookie = await server.login();
  });
  afterAll(async () => server?.close());

  it('answers refused numbers, sends the current state at once and changes later', async () => {
    const connection = connect(server, 'station', cookie);
    const dial = collect<StationEvents['newDialState'][]>(connection, 'newDialState');
    const times = collect<StationEvents['newTimestamp'][]>(connection, 'newTimestamp');
    const counters = collect<StationEvents['newDialCounter'][]>(connection, 'newDialCounter');
    await connection.start();
    const numbers = server.services.plant.stations().map((s) => s.stationNumber);
    const reply = await connection.invoke<StationSubscribeReply>('SubscribeToStations', [...numbers, 9999]);
    expect(reply).toEqual({ subscribed: numbers, missingStations: [9999], unauthorizedStations: [] });
    await until(() => dial.length > 0 && times.length > 0 && counters.length > 0);
    expect(
      dial
        .flat()
        .map((u) => u.stationNumber)
        .sort((a, b) => a - b),
    ).toEqual(numbers);
    expect(counters.flat()[0]).toEqual({
      stationNumber: expect.any(Number),
      mobileNetworkStandard: expect.any(String),
      dayCounter: expect.any(Number),
      monthCounter: expect.any(Number),
      yearCounter: expect.any(Number),
    });
    dial.length = 0;
    // The field connection drops: every station's state becomes unknown.
    server.services.plant.setSourceConnected?.(false);
    await until(() => dial.flat().length >= numbers.length);
    expect(new Set(dial.flat().map((u) => u.dialState))).toEqual(new Set(['NotDefined']));
    server.services.plant.setSourceConnected?.(true);
  });

  it('refuses more than 1024 numbers and bad ones; unsubscribed stations stay quiet', async () => {
    const connection = connect(server, 'station', cookie);
    const dial = collect<unknown[]>(connection, 'newDialState');
    await connection.start();
    const tooMany = Array.from({ length: 1025 }, (_, i) => i);
    await expect(connection.invoke('SubscribeToStations', tooMany)).rejects.toThrow(/1024/);
    await expect(connection.invoke('SubscribeToStations', ['x'])).rejects.toThrow(/index 0/);
    const first = server.services.plant.stations()[0]!.stationNumber;
    await connection.invoke('SubscribeToStations', [first]);
    await connection.invoke('UnsubscribeFromStations', [first]);
    await new Promise((r) => setTimeout(r, 200));
    dial.length = 0;
    server.services.plant.setSourceConnected?.(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(dial).toEqual([]);
    server.services.plant.setSourceConnected?.(true);
  });
});

describe('server-status channel and the data-source admin call', () => {
  let server: TestServer;
  let admin: { cookie: string; csrfToken: string };
  let operator: { cookie: string; csrfToken: string };
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.loginWithToken();
    await addUser(server.services.store, {
      username: 'schicht',
      role: 'operator',
      password: 'Schicht-Passwort-1',
      actor: 'test',
    });
    operator = await server.loginWithToken('schicht', 'Schicht-Passwort-1');
  });
  afterAll(async () => server?.close());

  it('reports Connected at once, ServerDisconnected when the source drops, Connected when restored', async () => {
    const connection = connect(server, 'server-status', operator.cookie);
    const statuses = collect<string>(connection, 'serverStatusChanged');
    await connection.start();
    await until(() => statuses.length === 1);
    expect(statuses).toEqual(['Connected']);
    expect(await connection.invoke('GetServerStatus')).toBe('Connected');

    const off = await adminCall(server, '/api/admin/data-source/connection', { connected: false }, admin);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ connectionState: 'Disconnected', serverStatus: 'ServerDisconnected' });
    await until(() => statuses.includes('ServerDisconnected'));

    const on = await adminCall(server, '/api/admin/data-source/connection', { connected: true }, admin);
    expect(on.status).toBe(200);
    // The simulator takes the connection up again on its next step (within a second).
    await until(() => statuses.at(-1) === 'Connected', 3000);
    expect(statuses).toEqual(['Connected', 'ServerDisconnected', 'Connecting', 'Connected']);

    const audit = await server.services.store.audit.range(0, Date.now() + 1000, 50);
    expect(audit.filter((row) => row.action === 'dataSource.connection')).toHaveLength(2);
  });

  it('refuses the admin calls to others (403) and bad bodies (400), changing nothing', async () => {
    const before = server.services.plant.connectionState();
    expect(
      (await adminCall(server, '/api/admin/data-source/connection', { connected: false }, operator)).status,
    ).toBe(403);
    expect(
      (await adminCall(server, '/api/admin/data-source/connection', { connected: 'no' }, admin)).status,
    ).toBe(400);
    expect(
      (await adminCall(server, '/api/admin/server-info-message', { message: 'x' }, operator)).status,
    ).toBe(403);
    expect(
      (await adminCall(server, '/api/admin/server-info-message', { message: '   ' }, admin)).status,
    ).toBe(400);
    expect(server.services.plant.connectionState()).toBe(before);
  });

  it('broadcasts an administrator message to every session', async () => {
    const connection = connect(server, 'server-status', operator.cookie);
    const messages = collect<ServerInfoMessage>(connection, 'sendServerInfoMessage');
    await connection.start();
    const reply = await adminCall(
      server,
      '/api/admin/server-info-message',
      { message: 'Wartung um 22 Uhr' },
      admin,
    );
    expect(reply.status).toBe(204);
    await until(() => messages.length === 1);
    expect(messages[0]).toEqual({
      message: 'Wartung um 22 Uhr',
      timestamp: expect.any(Number),
      from: 'admin',
    });
  });

  it('sends Unauthorized when the session ends, then closes for good within a second', async () => {
    const who = await server.loginWithToken('schicht', 'Schicht-Passwort-1');
    const connection = connect(server, 'server-status', who.cookie, true);
    const statuses = collect<string>(connection, 'serverStatusChanged');
    let reconnecting = false;
    connection.onreconnecting(() => {
      reconnecting = true;
    });
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    await until(() => statuses.length === 1);
    const started = Date.now();
    await server.logout(who.cookie);
    const error = await closed;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(statuses.at(-1)).toBe('Unauthorized');
    expect(error?.message).toMatch(/Unauthorized/);
    expect(reconnecting).toBe(false);
  });
});
