// Lockout and throttle as an attacker meets them: an unknown name behaves exactly like a known
// one, one address cannot lock out user after user, and an administrator can end a lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBotCheck, openLoginForm } from '../auth/login-client.js';
import { addUser } from '../auth/users.js';
import { callApi } from '../test-support/api-call.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

const PASSWORD = 'Known-User-Pass-1';

/** A login from a client at `address` (the server trusts the loopback proxy's X-Forwarded-For). */
async function loginFrom(server: TestServer, address: string, username: string, password: string) {
  const form = await openLoginForm(server.url);
  const reply = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: form.cookie, 'x-forwarded-for': address },
    body: JSON.stringify({
      csrfToken: form.csrfToken,
      recaptchaToken: await answerBotCheck(server.url),
      username,
      password,
    }),
  });
  const body = (await reply.json()) as { code?: string; message?: string };
  return { status: reply.status, code: body.code, message: body.message };
}

describe.each(BOTH_DIALECTS)('login lockout and throttle (%s)', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      config: { loginMaxFailures: 3, loginAddressMaxFailures: 8, trustedProxies: ['127.0.0.1'] },
    });
    for (const name of ['known', 'second', 'third'])
      await addUser(server.services.store, {
        username: name,
        role: 'viewer',
        password: PASSWORD,
        actor: 'test',
      });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it('answers an unknown name exactly like a known one, lockout included', async () => {
    const sequence = async (address: string, name: string) => {
      const replies = [];
      for (let i = 0; i < 4; i++) replies.push(await loginFrom(server, address, name, 'wrong-password'));
      return replies;
    };
    const known = await sequence('10.1.0.1', 'known');
    const unknown = await sequence('10.1.0.2', 'nobody-here');
    expect(known.map((r) => r.status)).toEqual([401, 401, 423, 423]);
    expect(unknown).toEqual(known);
    expect(known[2]!.code).toBe('lockedOut');
    // The right password does not help while locked, for a user as for a name without one.
    expect((await loginFrom(server, '10.1.0.3', 'known', PASSWORD)).status).toBe(423);
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 10_000);
    const lockouts = rows.filter((r) => r.action === 'login.lockout').map((r) => r.username);
    expect(lockouts).toEqual(expect.arrayContaining(['known', 'nobody-here']));
  });

  it('an administrator ends a lockout early, audited; the user gets in at once', async () => {
    const { id } = (await server.services.store.users.byName('known'))!;
    const listed = (await (await callApi(server, admin, 'GET', '/api/admin/users')).json()) as {
      username: string;
      lockedUntil: number | null;
    }[];
    expect(listed.find((u) => u.username === 'known')!.lockedUntil).toBeGreaterThan(Date.now());
    const reply = await callApi(server, admin, 'POST', `/api/admin/users/${id}/unlock`);
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { lockedUntil: number | null }).lockedUntil).toBeNull();
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 100);
    expect(rows.find((r) => r.action === 'user.unlock')).toMatchObject({
      username: 'admin',
      object: 'user:known',
      new_value: 'unlocked',
    });
    expect((await loginFrom(server, '10.1.0.4', 'known', PASSWORD)).status).toBe(200);
  });

  it('stops one address after its failures, before it can lock out user after user', async () => {
    const address = '10.2.0.1';
    const statuses: number[] = [];
    // 8 failures are allowed from one address; spread over names they lock none (3 needed each).
    for (const name of ['second', 'third', 'x1', 'x2']) {
      for (let i = 0; i < 2; i++) statuses.push((await loginFrom(server, address, name, 'wrong')).status);
    }
    expect(statuses).toEqual(Array(8).fill(401));
    const refused = await loginFrom(server, address, 'second', 'wrong');
    expect(refused).toMatchObject({ status: 429, code: 'loginNotPossible' });
    // Refused before the password is checked: not counted against the user, who is not locked.
    expect((await loginFrom(server, address, 'second', PASSWORD)).status).toBe(429);
    expect((await loginFrom(server, '10.2.0.2', 'second', PASSWORD)).status).toBe(200);
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 100);
    expect(rows.some((r) => r.action === 'login.refused' && r.remote_address === address)).toBe(true);
  });
});
