// Conformance of the hub server at the wire level, with raw `ws` sockets and fetch, for what
// the official client cannot express (status codes, malformed input, timers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer as startServer } from '../test-support/test-server.js';

const RS = '\x1e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
type Server = Awaited<ReturnType<typeof startServer>>;
type Json = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (server: Server, path: string) => server.url.replace(/^http/, 'ws') + path;

async function negotiate(server: Server, cookie: string | undefined, query = '?negotiateVersion=1') {
  const reply = await fetch(`${server.url}/hubs/pv/negotiate${query}`, {
    method: 'POST',
    headers: cookie === undefined ? {} : { cookie },
  });
  return { status: reply.status, body: (await reply.json()) as Json };
}

/** Status of an upgrade attempt: 101 when the socket opened, else the HTTP status. */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    ws.on('open', () => {
      resolve(101);
      ws.terminate();
    });
    ws.on('error', () => undefined);
  });
}

/** A socket that records every frame and parses the records in them. */
class RawClient {
  readonly frames: string[] = [];
  readonly records: Json[] = [];
  readonly closed: Promise<number>;
  private buffer = '';

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.frames.push(text);
      this.buffer += text;
      const parts = this.buffer.split(RS);
      this.buffer = parts.pop() ?? '';
      for (const part of parts) this.records.push(JSON.parse(part) as Json);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string, headers: Record<string, string>): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers });
      const client = new RawClient(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(text: string): void {
    this.ws.send(text);
  }

  /** Waits for the first record matching; records are consumed in order. */
  async next(match: (record: Json) => boolean = () => true, timeoutMs = 2000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.records.findIndex(match);
      if (index !== -1) return this.records.splice(index, 1)[0] as Json;
      if (Date.now() > deadline) throw new Error(`no matching record; got ${JSON.stringify(this.records)}`);
      await sleep(10);
    }
  }

  invoke(id: string | undefined, target: string, args: unknown[]): void {
    this.send(
      JSON.stringify({
        type: 1,
        ...(id === undefined ? {} : { invocationId: id }),
        target,
        arguments: args,
      }) + RS,
    );
  }
}

/** Negotiated, connected and handshaken. */
async function openHub(server: Server, cookie: string): Promise<RawClient> {
  const { body } = await negotiate(server, cookie);
  const client = await RawClient.open(wsUrl(server, `/hubs/pv?id=${String(body.connectionToken)}`), {
    cookie,
  });
  client.send(HANDSHAKE);
  expect(await client.next()).toEqual({});
  return client;
}

describe('hub protocol (default timers)', () => {
  let server: Server;
  let cookie: string;
  let pv: { type: string; nr: number };

  beforeAll(async () => {
    server = await startServer();
    cookie = await server.login();
    const first = server.services.plant.pvConfigs()[0];
    if (first === undefined) throw new Error('plant has no PVs');
    pv = first.pvRef;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('negotiate', () => {
    it('v1: secret URL-safe token distinct from the id, WebSockets only, no ProtocolVersion', async () => {
      const { status, body } = await negotiate(server, cookie);
      expect(status).toBe(200);
      expect(body).toEqual({
        connectionId: expect.any(String),
        connectionToken: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      expect(body.connectionToken).not.toBe(body.connectionId);
    });

    it('v0: connection id only; versions above 1 get 1', async () => {
      const v0 = await negotiate(server, cookie, '');
      expect(v0.body).toEqual({
        connectionId: expect.any(String),
        negotiateVersion: 0,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
      });
      expect((await negotiate(server, cookie, '?negotiateVersion=7')).body.negotiateVersion).toBe(1);
    });

    it('v0: the connection id is the id to connect with', async () => {
      const { body } = await negotiate(server, cookie, '');
      expect(await upgradeStatus(wsUrl(server, `/hubs/pv?id=${String(body.connectionId)}`), { cookie })).toBe(
        101,
      );
    });

    it('refuses without session (401), with a foreign Origin (403), for an unknown hub (404)', async () => {
      expect((await negotiate(server, undefined)).status).toBe(401);
      expect((await negotiate(server, 'lw_session=forged')).status).toBe(401);
      const foreign = await fetch(`${server.url}/hubs/pv/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { cookie, origin: 'http://evil.example' },
      });
      expect(foreign.status).toBe(403);
      const unknown = await fetch(`${server.url}/hubs/nope/negotiate`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(unknown.status).toBe(404);
    });
    it('appears in the OpenAPI document', async () => {
      const reply = await fetch(`${server.url}/api/docs/json`);
      const doc = (await reply.json()) as { paths: Record<string, unknown> };
      expect(doc.paths).toHaveProperty(['/hubs/{hub}/negotiate', 'post']);
    });
  });

  describe('upgrade', () => {
    it('unknown id → 404, second socket on a live id → 409', async () => {
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv?id=unknown'), { cookie })).toBe(404);
      const { body } = await negotiate(server, cookie);
      const url = wsUrl(server, `/hubs/pv?id=${String(body.connectionToken)}`);
      const first = await RawClient.open(url, { cookie });
      expect(await upgradeStatus(url, { cookie })).toBe(409);
      first.ws.close();
    });

    it("another session's token counts as unknown (404)", async () => {
      const { body } = await negotiate(server, cookie);
      const other = await server.login();
      expect(
        await upgradeStatus(wsUrl(server, `/hubs/pv?id=${String(body.connectionToken)}`), { cookie: other }),
      ).toBe(404);
    });

    it('without id (skipNegotiation) makes a new connection', async () => {
      const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
      client.send(HANDSHAKE);
      expect(await client.next()).toEqual({});
      client.ws.close();
    });

    it('refuses without session (401) and unknown hubs (404) on the raw socket', async () => {
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), {})).toBe(401);
      expect(await upgradeStatus(wsUrl(server, '/hubs/nope'), { cookie })).toBe(404);
    });

    it('checks Origin: same origin and no Origin allowed, foreign refused (403)', async () => {
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie, origin: server.url })).toBe(101);
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie })).toBe(101);
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie, origin: 'http://evil.example' })).toBe(
        403,
      );
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie, origin: 'null' })).toBe(403);
    });
  });

  describe('handshake', () => {
    it('sends nothing before the handshake answer, then exactly {} + 0x1E', async () => {
      const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
      await sleep(300);
      expect(client.frames).toEqual([]);
      client.send(HANDSHAKE);
      await client.next();
      expect(client.frames[0]).toBe(`{}${RS}`);
      client.ws.close();
    });

    it('refuses messagepack with an error answer and closes', async () => {
      const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
      client.send(`{"protocol":"messagepack","version":1}${RS}`);
      expect(await client.next()).toEqual({ error: "Requested protocol 'messagepack' is not available." });
      await client.closed;
      expect(client.records).toEqual([]);
    });

    it('answers a malformed handshake with an error and closes', async () => {
      const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
      client.send(`{"protocol":${RS}`);
      expect(await client.next()).toEqual({ error: expect.any(String) });
      await client.closed;
    });

    it('accepts a handshake split across frames, followed by a record in the same frame', async () => {
      const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
      client.send('{"protocol":"js');
      client.send(
        `on","version":1}${RS}{"type":1,"invocationId":"1","target":"SubscribeToPvs","arguments":[[]]}${RS}`,
      );
      expect(await client.next()).toEqual({});
      expect(await client.next()).toEqual({
        type: 3,
        invocationId: '1',
        result: { subscribed: [], missingPvs: [], unauthorizedPvs: [] },
      });
      client.ws.close();
    });
  });

  describe('records and invocations', () => {
    it('handles several records per frame and records split across frames', async () => {
      const client = await openHub(server, cookie);
      const call = (id: string) =>
        JSON.stringify({ type: 1, invocationId: id, target: 'SubscribeToPvs', arguments: [[pv]] }) + RS;
      client.send(call('a') + call('b') + call('c').slice(0, 20));
      client.send(call('c').slice(20));
      for (const id of ['a', 'b', 'c']) {
        expect(await client.next((r) => r.type === 3)).toMatchObject({
          invocationId: id,
          result: { subscribed: [pv] },
        });
      }
      client.ws.close();
    });

    it('sends no reply to an invocation without id, even for an unknown method', async () => {
      const client = await openHub(server, cookie);
      client.invoke(undefined, 'NoSuchMethod', []);
      client.invoke(undefined, 'SubscribeToPvs', [[]]);
      client.invoke('x', 'SubscribeToPvs', [[]]);
      expect(await client.next((r) => r.type === 3)).toMatchObject({ invocationId: 'x' });
      await sleep(100);
      expect(client.records.filter((r) => r.type === 3)).toEqual([]);
      client.ws.close();
    });

    it('answers an unknown method and bad arguments with a generic error, and stays usable', async () => {
      const client = await openHub(server, cookie);
      client.invoke('1', 'NoSuchMethod', []);
      const unknown = await client.next((r) => r.type === 3);
      expect(unknown).toEqual({
        type: 3,
        invocationId: '1',
        error: expect.stringContaining('does not exist'),
      });
      client.invoke('2', 'SubscribeToPvs', ['not refs']);
      client.invoke('3', 'SubscribeToPvs', []);
      client.invoke('4', 'SubscribeToPvs', [[{ type: 'Nope', nr: 1 }]]);
      for (const id of ['2', '3', '4']) {
        const reply = await client.next((r) => r.type === 3);
        expect(reply).toEqual({ type: 3, invocationId: id, error: expect.any(String) });
        expect(String(reply.error)).not.toMatch(/\n\s+at |\.[jt]s:\d/);
      }
      client.invoke('5', 'subscribetopvs', [[]]);
      expect(await client.next((r) => r.type === 3)).toMatchObject({
        invocationId: '5',
        result: expect.any(Object),
      });
      client.ws.close();
    });

    it('refuses more than 1024 refs per call', async () => {
      const client = await openHub(server, cookie);
      const refs = Array.from({ length: 1025 }, (_, i) => ({ type: 'AnaIn', nr: i }));
      client.invoke('1', 'SubscribeToPvs', [refs]);
      expect(await client.next((r) => r.type === 3)).toEqual({
        type: 3,
        invocationId: '1',
        error: expect.stringContaining('1024'),
      });
      client.ws.close();
    });

    it('closes with a Close record on invalid JSON', async () => {
      const client = await openHub(server, cookie);
      client.send(`{not json${RS}`);
      expect(await client.next((r) => r.type === 7)).toEqual({ type: 7, error: expect.any(String) });
      await client.closed;
    });

    it('closes with a Close record when a message exceeds 32 KB', async () => {
      const client = await openHub(server, cookie);
      client.invoke('1', 'SubscribeToPvs', ['x'.repeat(40 * 1024)]);
      const close = await client.next((r) => r.type === 7);
      expect(close).toEqual({ type: 7, error: expect.stringContaining('maximum size') });
      expect(close).not.toHaveProperty('allowReconnect');
      await client.closed;
    });

    it('delivers newValues for subscribed PVs', async () => {
      const client = await openHub(server, cookie);
      client.invoke('1', 'SubscribeToPvs', [[pv]]);
      await client.next((r) => r.type === 3);
      const batch = await client.next((r) => r.type === 1 && r.target === 'newValues');
      expect(batch).toEqual({ type: 1, target: 'newValues', arguments: [expect.any(Array)] });
      expect((batch.arguments as unknown[][])[0]).toContainEqual(expect.objectContaining({ pvRef: pv }));
      client.ws.close();
    });
  });
});

describe('hub protocol (short timers)', () => {
  let server: Server;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({
      config: { allowedOrigins: ['http://localhost:5173'] },
      hubs: { keepAliveMs: 150, clientTimeoutMs: 600, handshakeTimeoutMs: 300 },
    });
    cookie = await server.login();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('allows a configured origin besides its own', async () => {
    expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie, origin: 'http://localhost:5173' })).toBe(
      101,
    );
    expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie, origin: 'http://localhost:5174' })).toBe(
      403,
    );
  });

  it('closes a socket that sends no handshake in time', async () => {
    const client = await RawClient.open(wsUrl(server, '/hubs/pv'), { cookie });
    const started = Date.now();
    await client.closed;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('pings when nothing else was sent', async () => {
    const client = await openHub(server, cookie);
    expect(await client.next((r) => r.type === 6, 1000)).toEqual({ type: 6 });
    client.ws.close();
  });

  it('keeps a client that pings past the client timeout', async () => {
    const client = await openHub(server, cookie);
    const pinger = setInterval(() => client.send(`{"type":6}${RS}`), 200);
    await sleep(1000);
    clearInterval(pinger);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('drops a silent client with a Close record, then closes the socket', async () => {
    const client = await openHub(server, cookie);
    const close = await client.next((r) => r.type === 7, 2000);
    expect(close).toEqual({ type: 7, error: expect.stringContaining('timeout') });
    await client.closed;
  });
});

describe('deliberate closes', () => {
  it('session end: Close without allowReconnect within 1 s; the cookie is refused afterwards', async () => {
    const server = await startServer();
    try {
      const cookie = await server.login();
      const other = await server.login();
      const client = await openHub(server, cookie);
      const bystander = await openHub(server, other);
      const started = Date.now();
      await server.logout(cookie);
      const close = await client.next((r) => r.type === 7, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(close).toEqual({ type: 7, error: expect.stringContaining('Unauthorized') });
      await client.closed;
      expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
      expect((await negotiate(server, cookie)).status).toBe(401);
      expect(await upgradeStatus(wsUrl(server, '/hubs/pv'), { cookie })).toBe(401);
      bystander.ws.close();
    } finally {
      await server.close();
    }
  });

  it('app.close(): Close with allowReconnect to every connection, then the sockets close', async () => {
    const server = await startServer();
    const cookie = await server.login();
    const clients = [await openHub(server, cookie), await openHub(server, cookie)];
    expect(server.app.hubs.connectionCount()).toBe(2);
    await server.close();
    for (const client of clients) {
      expect(client.records).toContainEqual({ type: 7, error: expect.any(String), allowReconnect: true });
      await client.closed;
    }
  });

  it('fastify.hubs.closeAll() closes every connection with the given Close record', async () => {
    const server = await startServer();
    try {
      const client = await openHub(server, await server.login());
      await server.app.hubs.closeAll({ allowReconnect: false, error: 'maintenance' });
      expect(client.records).toContainEqual({ type: 7, error: 'maintenance' });
      await client.closed;
      expect(server.app.hubs.connectionCount()).toBe(0);
    } finally {
      await server.close();
    }
  });
});
