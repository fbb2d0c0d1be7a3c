// Every state-changing route called by a logged-in user who holds no right at all, with a
// body its schema accepts where one can be made: nothing changes in the store, and every
// refusal is in the audit. Only the calls on the user's own account are left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiOperations,
  isPublicOperation,
  WRITE_METHODS,
  type ApiOperation,
} from '../test-support/api-operations.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { rawRequest } from '../test-support/raw-http.js';
import { isValidSample, sampleOf } from '../test-support/schema-samples.js';
import { snapshotStore } from '../test-support/store-snapshot.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

/** What any user may do on the own account, with or without rights. */
const OWN_ACCOUNT = /^\/api\/(account\/|UserManagement\/(renew-lease|change-password)$)/;

function queryOf(schema: unknown): string {
  const sample = sampleOf(schema);
  if (typeof sample !== 'object' || sample === null) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(sample)) params.set(name, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const refusedIn = (status: number, body: string) =>
  status >= 400 || /"status"\s*:\s*"(Failed|Unauthorized)"/.test(body.slice(0, 4096));

describe.each(BOTH_DIALECTS)('every write route as a user without rights (%s)', (dialect) => {
  let server: TestServer;
  let nobody: LoggedIn & { userId: number };
  let writes: ApiOperation[];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    await createTestRole(server, 'ohne-rechte', []);
    nobody = await loginAsNewUser(server, 'ohne.rechte', 'ohne-rechte');
    writes = (await apiOperations(server)).filter(
      (o) => WRITE_METHODS.has(o.method) && !isPublicOperation(server, o) && !OWN_ACCOUNT.test(o.route),
    );
  });
  afterAll(() => server.close());

  it('changes nothing and audits every refusal', async () => {
    expect(writes.length).toBeGreaterThan(45);
    const before = await snapshotStore(server.services.store);
    const started = Date.now();
    const failures: string[] = [];
    let wellFormed = 0;
    for (const operation of writes) {
      const record = server.routes.find((r) => r.method === operation.method && r.url === operation.route);
      const bodySchema = record?.schema?.body;
      const body = bodySchema === undefined ? {} : sampleOf(bodySchema);
      if (bodySchema !== undefined && isValidSample(bodySchema, body)) wellFormed += 1;
      const rowsBefore = await server.services.store.audit.range(started, Date.now() + 1, 100_000);
      const reply = await rawRequest(server.url, {
        method: operation.method,
        path: operation.path + queryOf(record?.schema?.querystring),
        headers: { cookie: nobody.cookie, 'x-csrf-token': nobody.csrfToken },
        body: JSON.stringify(body),
      });
      const rows = (await server.services.store.audit.range(started, Date.now() + 1, 100_000)).slice(
        0,
        -rowsBefore.length || undefined,
      );
      const name = `${operation.method} ${operation.path}`;
      if (reply.status >= 500) failures.push(`${name}: ${reply.status}`);
      if (rows.some((r) => !r.action.endsWith('.refused')))
        failures.push(`${name}: wrote ${rows[0]!.action}`);
      if (refusedIn(reply.status, reply.body) && rows.length === 0)
        failures.push(`${name}: refusal not audited`);
    }
    console.info(
      `write routes without rights: ${writes.length} routes, ${wellFormed} with a well-formed body`,
    );
    expect(failures).toEqual([]);
    // A user without rights reaches the rights check with most bodies, not only the form check.
    expect(wellFormed).toBeGreaterThan(writes.length / 3);
    expect(await snapshotStore(server.services.store)).toEqual(before);
  });
});
