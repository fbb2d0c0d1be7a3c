// Conformance with the official @microsoft/signalr client in Node, the client the web app uses.
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import type { ProcessValue, PvRef } from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer as startServer } from '../test-support/test-server.js';
import type { SubscribeReply } from './pv-hub.js';

type Server = Awaited<ReturnType<typeof startServer>>;

const open: HubConnection[] = [];

function connect(
  server: Server,
  cookie: string | undefined,
  options: { reconnect?: boolean; skipNegotiation?: boolean; serverTimeoutMs?: number } = {},
): HubConnection {
  let builder = new HubConnectionBuilder()
    .withUrl(`${server.url}/hubs/pv`, {
      headers: cookie === undefined ? {} : { Cookie: cookie },
      ...(options.skipNegotiation ? { skipNegotiation: true, transport: HttpTransportType.WebSockets } : {}),
    })
    .configureLogging(LogLevel.None);
  if (options.reconnect) builder = builder.withAutomaticReconnect([0, 100, 100, 100]);
  const connection = builder.build();
  if (options.serverTimeoutMs !== undefined) {
    connection.serverTimeoutInMilliseconds = options.serverTimeoutMs;
    connection.keepAliveIntervalInMilliseconds = options.serverTimeoutMs / 4;
  }
  open.push(connection);
  return connection;
}

function nextClose(connection: HubConnection): Promise<Error | undefined> {
  return new Promise((resolve) => connection.onclose(resolve));
}

function firstPv(server: Server): PvRef {
  const config = server.services.plant.pvConfigs()[0];
  if (config === undefined) throw new Error('plant has no PVs');
  return config.pvRef;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

describe('official client', () => {
  let server: Server;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer();
    cookie = await server.login();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('connects, subscribes and receives newValues for the subscribed PV within 2 s', async () => {
    const connection = connect(server, cookie);
    const pv = firstPv(server);
    const received = new Promise<ProcessValue[]>((resolve) => {
      connection.on('newValues', (values: ProcessValue[]) => {
        if (values.some((v) => v.pvRef.type === pv.type && v.pvRef.nr === pv.nr)) resolve(values);
      });
    });
    await connection.start();
    expect(connection.connectionId).toEqual(expect.any(String));
    const reply = await connection.invoke<SubscribeReply>('SubscribeToPvs', [
      pv,
      { type: 'AnaIn', nr: 999999999 },
    ]);
    expect(reply).toEqual({
      subscribed: [pv],
      missingPvs: [{ type: 'AnaIn', nr: 999999999 }],
      unauthorizedPvs: [],
    });
    const started = Date.now();
    const values = await received;
    expect(Date.now() - started).toBeLessThan(2000);
    for (const value of values) expect(value).toMatchObject({ pvRef: pv, quality: expect.any(String) });
    await connection.invoke('UnsubscribeFromPvs', [pv]);
  });

  it('also connects without negotiation (WebSockets only)', async () => {
    const connection = connect(server, cookie, { skipNegotiation: true });
    await connection.start();
    expect(await connection.invoke('SubscribeToPvs', [])).toEqual({
      subscribed: [],
      missingPvs: [],
      unauthorizedPvs: [],
    });
  });

  it('reports hub errors as rejected invocations and stays connected', async () => {
    const connection = connect(server, cookie);
    await connection.start();
    await expect(connection.invoke('NoSuchMethod')).rejects.toThrow(/does not exist/);
    const tooMany = Array.from({ length: 1025 }, (_, nr) => ({ type: 'AnaIn', nr }));
    await expect(connection.invoke('SubscribeToPvs', tooMany)).rejects.toThrow(/1024/);
    await connection.send('SubscribeToPvs', []);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('stays connected past its own server timeout because the server pings', async () => {
    const quick = await startServer({ hubs: { keepAliveMs: 100 } });
    try {
      const connection = connect(quick, await quick.login(), { serverTimeoutMs: 400 });
      const closed = nextClose(connection);
      await connection.start();
      const outcome = await Promise.race([closed.then(() => 'closed'), sleep(1200).then(() => 'open')]);
      expect(outcome).toBe('open');
    } finally {
      await quick.close();
    }
  });

  it('is refused without a session (negotiate 401)', async () => {
    await expect(connect(server, undefined).start()).rejects.toThrow(/401/);
    await expect(connect(server, 'lw_session=forged').start()).rejects.toThrow(/401/);
  });
});

describe('official client: closing', () => {
  it('logout ends the connection for good (no reconnect) and the old cookie is refused', async () => {
    const server = await startServer();
    try {
      const cookie = await server.login();
      const connection = connect(server, cookie, { reconnect: true });
      let reconnecting = false;
      connection.onreconnecting(() => {
        reconnecting = true;
      });
      const closed = nextClose(connection);
      await connection.start();
      await server.logout(cookie);
      const error = await closed;
      expect(error?.message).toMatch(/Unauthorized/);
      expect(reconnecting).toBe(false);
      await expect(connect(server, cookie).start()).rejects.toThrow(/401/);
    } finally {
      await server.close();
    }
  });

  it('app.close() makes the client reconnect (Close with allowReconnect)', async () => {
    const server = await startServer();
    const connection = connect(server, await server.login(), { reconnect: true });
    const reconnecting = new Promise<Error | undefined>((resolve) => connection.onreconnecting(resolve));
    await connection.start();
    await server.close();
    const error = await reconnecting;
    expect(error?.message).toMatch(/shutting down/);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
