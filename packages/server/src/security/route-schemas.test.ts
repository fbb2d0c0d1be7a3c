// Every route's schema as registered (with the policy of http/schema-policy.ts applied): write
// bodies closed and bounded, numbers finite and integers safe in bodies, paths and queries.
// The rules are checked on the schemas and then tried against the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../app.js';
import { bodyViolations } from '../http/schema-policy.js';
import { WRITE_METHODS } from '../test-support/api-operations.js';
import { rawRequest } from '../test-support/raw-http.js';
import { isValidSample, sampleOf } from '../test-support/schema-samples.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Property names of a schema's object that are integers or numbers. */
function numericFields(schema: unknown): { name: string; integer: boolean }[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties)
    .filter(([, p]) => isObject(p) && (p.type === 'integer' || p.type === 'number'))
    .map(([name, p]) => ({ name, integer: (p as Json).type === 'integer' }));
}

/** The path of a route with each parameter `1`, or `value` for the named one. */
const pathOf = (route: RouteRecord, param?: string, value?: string) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => (name === param ? (value ?? '1') : '1'));

/** Marks the first numeric leaf of a sample, so its JSON text can carry a number JSON.stringify cannot. */
function markFirstNumber(value: unknown, integerOnly: boolean, schema: unknown): { text: string } | null {
  const marker = '"__NUMBER__"';
  let marked = false;
  const walk = (v: unknown, s: unknown): unknown => {
    if (marked) return v;
    if (
      typeof v === 'number' &&
      isObject(s) &&
      (s.type === 'integer' || (!integerOnly && s.type === 'number'))
    ) {
      marked = true;
      return '__NUMBER__';
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, isObject(s) ? s.items : undefined));
    if (isObject(v)) {
      const properties = isObject(s) && isObject(s.properties) ? s.properties : {};
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, properties[k])]));
    }
    return v;
  };
  const result = walk(value, schema);
  return marked ? { text: JSON.stringify(result).replace(marker, '%NUMBER%') } : null;
}

describe('route schemas and what the server makes of them', () => {
  let server: TestServer;
  let admin: LoggedIn;
  let writes: RouteRecord[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.loginWithToken();
    writes = server.routes.filter((r) => WRITE_METHODS.has(r.method) && r.schema?.body !== undefined);
  });
  afterAll(() => server.close());

  const send = (method: string, path: string, body?: string) =>
    rawRequest(server.url, {
      method,
      path,
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
      body,
    });

  it('has no write body open to unknown fields, no unbounded text, list or map', () => {
    expect(writes.length).toBeGreaterThan(35);
    const found = writes.flatMap((r) =>
      bodyViolations(r.schema?.body).map((v) => `${r.method} ${r.url}: ${v}`),
    );
    expect(found).toEqual([]);
  });

  it('refuses an unknown field in every write body the server would otherwise take', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of writes) {
      const schema = route.schema?.body;
      const sample = sampleOf(schema);
      if (!isValidSample(schema, sample)) continue;
      // The unknown field on the body itself, or on the first item of a list body.
      const withExtra = Array.isArray(sample)
        ? [isObject(sample[0]) ? { ...sample[0], unknownField: 1 } : sample[0], ...sample.slice(1)]
        : isObject(sample)
          ? { ...sample, unknownField: 1 }
          : null;
      if (withExtra === null || (Array.isArray(sample) && !isObject(sample[0]))) continue;
      tried += 1;
      const reply = await send(route.method, pathOf(route), JSON.stringify(withExtra));
      if (reply.status !== 400) failures.push(`${route.method} ${route.url}: ${reply.status}`);
    }
    console.info(`unknown fields: ${tried} write routes tried`);
    expect(tried).toBeGreaterThan(25);
    expect(failures).toEqual([]);
  });

  it('refuses 1e999 (Infinity) and 9007199254740993 wherever a body takes a number', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of writes) {
      const schema = route.schema?.body;
      const sample = sampleOf(schema);
      if (!isValidSample(schema, sample)) continue;
      for (const [number, integerOnly] of [
        ['1e999', false],
        ['9007199254740993', true],
      ] as const) {
        const marked = markFirstNumber(sample, integerOnly, schema);
        if (marked === null) continue;
        tried += 1;
        const reply = await send(route.method, pathOf(route), marked.text.replace('%NUMBER%', number));
        if (reply.status !== 400) failures.push(`${route.method} ${route.url} ${number}: ${reply.status}`);
      }
    }
    console.info(`numbers in bodies: ${tried} cases`);
    expect(tried).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // The two cases found by the attack, by name.
    expect((await send('POST', '/api/alerts/ack', '[{"id":1e999}]')).status).toBe(400);
    const runtime = '[{"pvRef":{"type":"AnaIn","nr":100001},"value":9007199254740993}]';
    expect((await send('POST', '/api/Pv/set-runtimes', runtime)).status).toBe(400);
  });

  it('refuses numbers that are not finite or not safe integers in paths and queries', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of server.routes.filter((r) => r.method === 'GET' || r.method === 'DELETE')) {
      for (const { name } of numericFields(route.schema?.params)) {
        for (const value of ['1e999', '9007199254740993', 'Infinity', '-1e999']) {
          tried += 1;
          const reply = await send(route.method, pathOf(route, name, value));
          if (reply.status !== 400)
            failures.push(`${route.method} ${pathOf(route, name, value)}: ${reply.status}`);
        }
      }
      for (const { name, integer } of numericFields(route.schema?.querystring)) {
        for (const value of integer ? ['1e999', '9007199254740993'] : ['1e999', '-1e999']) {
          tried += 1;
          const path = `${pathOf(route)}?${name}=${value}`;
          const reply = await send(route.method, path);
          if (reply.status !== 400) failures.push(`${route.method} ${path}: ${reply.status}`);
        }
      }
    }
    console.info(`numbers in paths and queries: ${tried} cases`);
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    const reply = await send('GET', '/api/charts/config/1e999');
    expect(reply.status).toBe(400);
    expect(reply.body).not.toMatch(/Infinity/);
  });
});
