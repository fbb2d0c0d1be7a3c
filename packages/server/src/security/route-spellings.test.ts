// What an outside attacker without a session tries first: every route of the OpenAPI
// document, spelled every way a lenient router might still match it. None may answer with
// data (2xx, 3xx) or fail (5xx), and no internal text may leak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import {
  apiOperations,
  isPublicOperation,
  WRITE_METHODS,
  type ApiOperation,
} from '../test-support/api-operations.js';
import { rawRequest } from '../test-support/raw-http.js';

/** The routes reachable without a session; a new one must be added here on purpose. */
const PUBLIC_ROUTES = [
  'GET /api/auth/csrf',
  'GET /api/auth/bot-check',
  'POST /api/auth/login',
  'POST /api/auth/login/verify',
  'POST /api/auth/logout',
  'GET /healthz',
  // Prometheus: the scraper's bearer token, or the loopback only (http/metrics.ts).
  'GET /metrics',
  'POST /hubs/:hub/negotiate',
  // Remote alarm confirmations: a signed single-use token or the SMS gateway's secret decides.
  'GET /api/RemoteAlert/confirmation',
  'POST /api/RemoteAlert/confirmation',
  'POST /api/RemoteAlert/sms-reply',
  // The maintenance calendar feed: the session, or a revocable per-user calendar token decides
  // (a calendar application sends no cookie); without either it answers 401.
  'GET /api/maintenance/due.ics',
];

const encodeAll = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');

/** Ways to write the same path that some server, proxy or router reads as that path. */
export function spellings(path: string): string[] {
  const rest = path.slice('/api/'.length);
  const last = path.at(-1) ?? '';
  return [
    path,
    `/%61pi/${rest}`,
    `/%41PI/${rest}`.replace('%41PI', '%61%70%69'),
    `/${encodeAll('api')}/${rest}`,
    `/%2561pi/${rest}`,
    `/api/${encodeAll(rest.split('/')[0] ?? '')}${rest.includes('/') ? rest.slice(rest.indexOf('/')) : ''}`,
    `${path.slice(0, -1)}%${last.charCodeAt(0).toString(16).toUpperCase()}`,
    `/${path}`,
    `/api//${rest}`,
    `/api/./${rest}`,
    `/api/x/../${rest}`,
    `/api/%2e/${rest}`,
    `/api/x/%2e%2e/${rest}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `${path}/`,
    `${path}.`,
    `${path}%20`,
    `${path};x=1`,
    `/api;x=1/${rest}`,
    `/api%2f${rest}`,
    `/api\\${rest}`,
    `${path}?x=1`,
    `${path}%00`,
  ];
}

describe('every route of the OpenAPI document, spelled every way, without a session', () => {
  let server: TestServer;
  let operations: ApiOperation[];

  beforeAll(async () => {
    server = await startTestServer();
    operations = await apiOperations(server);
  });
  afterAll(() => server.close());

  it('has no public route but the declared ones', () => {
    const declared = server.routes
      .filter((r) => r.isPublic && r.publicGroup === null && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual([...PUBLIC_ROUTES].sort());
    // The documentation browser and the web app's files: read only, no data of the plant.
    const grouped = server.routes.filter((r) => r.publicGroup !== null);
    expect(grouped.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
    expect(
      grouped.filter((r) => r.publicGroup === 'documentation').every((r) => r.url.startsWith('/api/docs')),
    ).toBe(true);
  });

  it('answers none of them with data, a redirect or a server error', async () => {
    const guarded = operations.filter((o) => !isPublicOperation(server, o));
    expect(guarded.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let tried = 0;
    for (const operation of guarded) {
      for (const path of spellings(operation.path)) {
        tried += 1;
        const reply = await rawRequest(server.url, {
          method: operation.method,
          path,
          body: WRITE_METHODS.has(operation.method) ? '{}' : undefined,
        });
        const leaks = /not behind the auth guard|at .*\.js:\d+/.test(reply.body);
        if (reply.status < 400 || reply.status >= 500 || leaks) {
          failures.push(`${operation.method} ${path} → ${reply.status} ${reply.body.slice(0, 80)}`);
        }
      }
    }
    console.info(
      `route spellings: ${guarded.length} routes × ${spellings('/api/x/y').length} spellings = ${tried} requests`,
    );
    expect(failures).toEqual([]);
    // The way it is spelled in the document is refused as not logged in, not as unknown.
    const plain = await rawRequest(server.url, { method: 'GET', path: '/api/plant/info' });
    expect(plain.status).toBe(401);
  });

  it('answers unmatched API addresses alike with or without a trick, and pages of the app with the app', async () => {
    for (const path of ['/api/nothing-here', '/%61pi/nothing-here', '//api/plant/info', '/api/plant/info/']) {
      expect((await rawRequest(server.url, { method: 'GET', path })).status).toBe(401);
    }
    const page = await rawRequest(server.url, { method: 'GET', path: '/stations/1' });
    // The app's page (or, without a build, the hint to build it): never data of the plant.
    expect([200, 503]).toContain(page.status);
    expect(page.body).not.toMatch(/Zweckverband|"stationNr"/);
  });

  it('audits what the guard refuses, naming the matched route, not the spelling', async () => {
    await rawRequest(server.url, { method: 'POST', path: '/%61pi/Pv', body: '[]' });
    const rows = await server.services.store.audit.range(Date.now() - 60_000, Date.now() + 1, 5000);
    const refusal = rows.find((r) => r.action === 'access.refused' && r.object === 'POST /api/Pv');
    expect(refusal).toBeDefined();
    expect(JSON.parse(refusal!.detail ?? '{}')).toMatchObject({ reason: 'notLoggedIn' });
  });
});
