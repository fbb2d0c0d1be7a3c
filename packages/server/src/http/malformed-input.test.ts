import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../app.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Write routes that take a JSON body; the login flow's own calls are tested on their own. */
function writeRoutes(routes: readonly RouteRecord[]): RouteRecord[] {
  return routes.filter(
    (r) =>
      WRITE_METHODS.has(r.method) &&
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/auth/') &&
      r.schema?.body !== undefined,
  );
}

/** A concrete URL: each path parameter replaced by a generated value. */
const urlOf = (route: string, param: string) => route.replace(/:[A-Za-z]+/g, encodeURIComponent(param));

const junkJson = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { maxKeys: 6 }),
  // Lists of near-PV objects with wrong types, the shape most write calls take.
  fc.array(
    fc.record({
      type: fc.oneof(fc.string(), fc.integer()),
      nr: fc.oneof(fc.string(), fc.double(), fc.constant(null)),
    }),
    { maxLength: 4 },
  ),
);
const body = fc.oneof(
  { weight: 5, arbitrary: junkJson.map((v) => ({ text: JSON.stringify(v), type: 'application/json' })) },
  { weight: 1, arbitrary: fc.string().map((text) => ({ text: `{${text}`, type: 'application/json' })) },
  { weight: 1, arbitrary: fc.string().map((text) => ({ text, type: 'text/plain' })) },
);
const param = fc.oneof(
  fc.constant('1'),
  fc.constant('../..'),
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.integer().map(String),
);

describe.each(BOTH_DIALECTS)('malformed bodies at every write route (%s)', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it('never answers 5xx and never changes anything', async () => {
    const routes = writeRoutes(server.routes);
    expect(routes.length).toBeGreaterThan(25);
    const started = Date.now();
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(body, param, async (sent, p) => {
          const reply = await server.app.inject({
            method: route.method as 'POST',
            url: urlOf(route.url, p),
            headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': sent.type },
            payload: sent.text,
          });
          if (reply.statusCode >= 500)
            failures.push(`${route.method} ${route.url} ${reply.statusCode} ${sent.text}`);
          return reply.statusCode < 500;
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
    expect(failures).toEqual([]);
    // Every write is audited; a refused one only as a refusal. So no other row means no change.
    const written = await server.services.store.db
      .selectFrom('audit_log')
      .select(['action', 'object'])
      .where('at', '>=', started)
      .execute();
    expect(written.filter((row) => !row.action.endsWith('.refused'))).toEqual([]);
  });
});
