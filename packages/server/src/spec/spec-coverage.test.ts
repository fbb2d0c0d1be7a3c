import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { readSpecCalls, routeServes } from './spec-calls.js';

const SPEC = fileURLToPath(new URL('../../../../docs/spec/calls-and-live-updates.md', import.meta.url));

describe('every call of calls §7 has a route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('reads the calls from the spec text', () => {
    const calls = readSpecCalls(SPEC).map((c) => `${c.method} ${c.path}`);
    // Spot checks of the reading rules: siblings, bare names, optional segments.
    expect(calls).toEqual(
      expect.arrayContaining([
        'DELETE /api/alerts',
        'GET /api/charts/data/{id}/last-date',
        'POST /api/charts/data/last-date-pvs',
        'GET /api/maintenance/datasheets/parts',
        'POST /api/RemoteAlert/alarmnumbers',
        'GET /api/RemoteAlert/alarmnumbers4activation',
        'GET /api/UserManagement/rights',
        'POST /api/visualization/setTextMessages',
        'GET /api/station/AckPriorityOutputOptions',
        'GET /api/webcam',
        'GET /api/webcam/{id}',
        'POST /api/pv/PriorityOutputs/Ack',
        'GET /Views/Visualization/ProcessImages/{name}',
        'GET /api/maintenance/datasheets/data',
        'GET /api/alerts',
      ]),
    );
    expect(calls.length).toBeGreaterThan(60);
  });

  it('finds a route for each of them, with the exact path and casing', () => {
    const missing = readSpecCalls(SPEC)
      .filter((call) => !server.routes.some((r) => r.method === call.method && routeServes(r.url, call.path)))
      .map((call) => `${call.section}: ${call.method} ${call.path}`);
    expect(missing).toEqual([]);
    // The check can fail: a path no route serves is reported.
    expect(server.routes.some((r) => routeServes(r.url, '/api/no-such/call'))).toBe(false);
  });

  it('puts a schema on every API route', () => {
    const bare = server.routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .filter((r) => r.schema === undefined || r.schema.response === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(bare).toEqual([]);
  });
});
