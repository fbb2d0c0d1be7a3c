// Every state-changing route of the OpenAPI document with a live session, as a forged request
// would come: without the CSRF token, with a wrong one, and from a foreign page (Origin).
// Each is refused with 403 before the route runs, and each refusal is in the audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiOperations,
  isPublicOperation,
  WRITE_METHODS,
  type ApiOperation,
} from '../test-support/api-operations.js';
import { rawRequest } from '../test-support/raw-http.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

const CASES = [
  { name: 'no token', reason: 'csrfTokenIncorrect', headers: (_: LoggedIn) => ({}) },
  { name: 'wrong token', reason: 'csrfTokenIncorrect', headers: () => ({ 'x-csrf-token': 'forged' }) },
  {
    name: 'foreign origin',
    reason: 'originRefused',
    headers: (who: LoggedIn) => ({ 'x-csrf-token': who.csrfToken, origin: 'https://attacker.example' }),
  },
] as const;

describe('every write route against forged requests', () => {
  let server: TestServer;
  let admin: LoggedIn;
  let writes: ApiOperation[];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.loginWithToken();
    writes = (await apiOperations(server)).filter(
      (o) => WRITE_METHODS.has(o.method) && !isPublicOperation(server, o),
    );
  });
  afterAll(() => server.close());

  it('refuses each with 403, changes nothing and audits each refusal', async () => {
    expect(writes.length).toBeGreaterThan(50);
    const started = Date.now();
    const failures: string[] = [];
    for (const operation of writes) {
      for (const forged of CASES) {
        const reply = await rawRequest(server.url, {
          method: operation.method,
          path: operation.path,
          headers: { cookie: admin.cookie, ...forged.headers(admin) },
          body: '{}',
        });
        const code = reply.status === 403 ? (JSON.parse(reply.body) as { code?: string }).code : undefined;
        if (code !== forged.reason)
          failures.push(`${operation.method} ${operation.path} (${forged.name}): ${reply.status} ${code}`);
      }
    }
    console.info(
      `forged writes: ${writes.length} routes × ${CASES.length} cases = ${writes.length * CASES.length} requests`,
    );
    expect(failures).toEqual([]);
    const rows = await server.services.store.db
      .selectFrom('audit_log')
      .select(['action', 'object', 'detail'])
      .where('at', '>=', started)
      .execute();
    expect(rows.filter((r) => !r.action.endsWith('.refused'))).toEqual([]);
    const missing = writes.flatMap((operation) =>
      (['csrfTokenIncorrect', 'originRefused'] as const)
        .filter(
          (reason) =>
            !rows.some(
              (r) =>
                r.object === `${operation.method} ${operation.route}` &&
                (JSON.parse(r.detail ?? '{}') as { reason?: string }).reason === reason,
            ),
        )
        .map((reason) => `${operation.method} ${operation.route}: ${reason}`),
    );
    expect(missing).toEqual([]);
  });

  it('refuses a flood of forged requests with a bounded number of audit rows and a count of the rest', async () => {
    const started = Date.now();
    for (let i = 0; i < 150; i++) {
      await rawRequest(server.url, {
        method: 'POST',
        path: '/api/Pv',
        headers: { cookie: admin.cookie },
        body: '[]',
      });
    }
    await server.services.store.audit.flushRefusals();
    const rows = (await server.services.store.audit.range(started, Date.now() + 1, 1000)).filter(
      (r) => r.object === 'POST /api/Pv',
    );
    const summaries = rows.filter((r) => JSON.parse(r.detail ?? '{}').suppressed !== undefined);
    const suppressed = summaries.reduce(
      (n, r) => n + (JSON.parse(r.detail ?? '{}') as { suppressed: number }).suppressed,
      0,
    );
    // At most 20 rows a minute for one caller, action and route (twice that if a minute ends meanwhile).
    expect(rows.length - summaries.length).toBeLessThanOrEqual(40);
    expect(summaries.length).toBeGreaterThan(0);
    expect(rows.length - summaries.length + suppressed).toBe(150);
  });
});
