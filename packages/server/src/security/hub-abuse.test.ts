// Live channels under abuse: a client flooding invocations is cut off, a client that stops
// reading is closed after a bounded time, and neither can keep the server from others.
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const RS = '\x1e';
const STALLED_READER_MS = 1500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A raw JSON-protocol client; records and the socket's end are collected. */
async function rawHub(server: TestServer, cookie: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/hubs/pv`, {
    headers: { cookie, ...headers },
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const records: string[] = [];
  let buffer = '';
  ws.on('message', (data: Buffer) => {
    buffer += data.toString('utf8');
    const parts = buffer.split(RS);
    buffer = parts.pop() ?? '';
    records.push(...parts);
  });
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  ws.send(`{"protocol":"json","version":1}${RS}`);
  await until(() => records.includes('{}'), 'the handshake');
  return { ws, records, closed };
}

describe('live channels under abuse', () => {
  /** The status an upgrade to /hubs/pv gets (101 when it opens; the socket is closed again). */
  const upgradeStatus = (headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/hubs/pv`, { headers });
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('open', () => {
        ws.close();
        resolve(101);
      });
      ws.once('error', () => undefined);
    });

  let server: TestServer;
  let cookie: string;
  const savedFeed = process.env.LEITWARTE_BENCH_FEED_HZ;

  beforeAll(async () => {
    // Every PV changes 100 times a second: a paused reader's buffer fills within a second.
    process.env.LEITWARTE_BENCH_FEED_HZ = '100';
    // Smaller budgets than the defaults (500 a second, 2,000 at once), so a flood ends quickly.
    server = await startTestServer({
      hubs: { stalledReaderMs: STALLED_READER_MS, maxRecordsPerSecond: 100, recordBurst: 200 },
    });
    cookie = await server.login();
  });
  afterAll(async () => {
    if (savedFeed === undefined) delete process.env.LEITWARTE_BENCH_FEED_HZ;
    else process.env.LEITWARTE_BENCH_FEED_HZ = savedFeed;
    await server?.close();
  });

  it('closes a connection that floods invocations, with the reason, and a reconnect gets no fresh budget', async () => {
    const flooder = await server.login();
    const call = (i: number) =>
      JSON.stringify({ type: 1, invocationId: String(i), target: 'UnsubscribeFromPvs', arguments: [[]] }) +
      RS;
    // Up to 50,000 invocations in frames of 20, paced so that none waits in the queue: only
    // the rate ends it (a burst in one frame is cut off by the queue limit of 64 first).
    const client = await rawHub(server, flooder);
    for (let i = 0; i < 50_000 && client.ws.readyState === WebSocket.OPEN; i += 20) {
      client.ws.send(Array.from({ length: 20 }, (_, k) => call(i + k)).join(''));
      await sleep(1);
    }
    await client.closed;
    const first = client.records;
    const close = first.find((r) => r.startsWith('{"type":7'));
    expect(JSON.parse(close ?? '{}')).toMatchObject({
      type: 7,
      error: expect.stringMatching(/Too many messages/),
    });
    expect(close).not.toMatch(/allowReconnect/);
    const answered = (records: string[]) => records.filter((r) => r.startsWith('{"type":3')).length;
    // The burst (200) plus what the rate refilled meanwhile: far from 50,000.
    expect(answered(first)).toBeGreaterThanOrEqual(150);
    expect(answered(first)).toBeLessThan(1000);
    // The budget belongs to the session: coming back at once is refused until it refills.
    expect(await upgradeStatus({ cookie: flooder })).toBe(429);
    const started = Date.now();
    while ((await upgradeStatus({ cookie: flooder })) === 429) await sleep(50);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cuts off the official client flooding invocations, and serves REST meanwhile', async () => {
    const own = await server.login();
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/hubs/pv`, { headers: { Cookie: own } })
      .configureLogging(LogLevel.None)
      .build();
    await connection.start();
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    const rest = fetch(`${server.url}/api/plant/info`, { headers: { cookie } });
    // One invocation after the other, each awaited: faster than any screen, slower than a queue.
    let calls = 0;
    try {
      for (; calls < 50_000; calls++) await connection.invoke('UnsubscribeFromPvs', []);
    } catch {
      // The connection was closed under the running call.
    }
    expect((await closed)?.message).toMatch(/Too many messages/);
    expect(calls).toBeLessThan(5000);
    expect((await rest).status).toBe(200);
  });

  it('closes a client that stops reading after the stall time, not only skips it', async () => {
    const refs = server.services.plant.pvConfigs().map((c) => c.pvRef);
    const stalled = await rawHub(server, cookie);
    for (let i = 0; i < refs.length; i += 1024) {
      const call = {
        type: 1,
        invocationId: String(i),
        target: 'SubscribeToPvs',
        arguments: [refs.slice(i, i + 1024)],
      };
      stalled.ws.send(JSON.stringify(call) + RS);
    }
    const healthy = await rawHub(server, cookie);
    await sleep(200);
    // Stop reading: nothing is taken from the kernel any more.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const pvStats = () => server.app.hubs.connectionStats().filter((s) => s.hub === 'pv');
    await until(() => pvStats().some((s) => s.bufferedAmount > 1024 * 1024), 'the stalled buffer to fill');
    const filledAt = Date.now();
    await until(() => pvStats().length === 1, 'the stalled connection to be closed');
    // Closed after the stall time (plus the close grace), and only that one.
    expect(Date.now() - filledAt).toBeGreaterThanOrEqual(STALLED_READER_MS - 100);
    expect(healthy.ws.readyState).toBe(WebSocket.OPEN);
    healthy.ws.close();
    stalled.ws.terminate();
  });

  it('refuses an upgrade from a foreign page or without a session', async () => {
    expect(await upgradeStatus({ cookie, origin: 'https://attacker.example' })).toBe(403);
    expect(await upgradeStatus({})).toBe(401);
    expect(await upgradeStatus({ cookie: 'lw_session=forged' })).toBe(401);
  });
});
