import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBotCheck, openLoginForm, postLogin } from '../auth/login-client.js';
import { addUser } from '../auth/users.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test-support/test-server.js';

const loginForm = (server: TestServer) => openLoginForm(server.url);
const attempt = (server: TestServer, username: string, password: string) =>
  postLogin(server.url, username, password);

describe.each(BOTH_DIALECTS)('login and session on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { loginMaxFailures: 3 } });
    await addUser(server.services.store, {
      username: 'meier',
      role: 'operator',
      password: 'Meier-Pass-1',
      actor: 'test',
    });
    await addUser(server.services.store, {
      username: 'lehmann',
      role: 'viewer',
      password: 'Lehmann-Pass-1',
      actor: 'test',
    });
  });
  afterAll(() => server.close());

  it('sets an HttpOnly, SameSite=Strict session cookie and serves the user', async () => {
    const reply = await attempt(server, 'admin', TEST_ADMIN_PASSWORD);
    expect(reply.status).toBe(200);
    const setCookie = reply.headers.getSetCookie().find((c) => c.startsWith('lw_session='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(setCookie.split(';', 1)[0]!.length).toBeGreaterThan('lw_session='.length + 40);
    const info = await fetch(`${server.url}/api/UserManagement/info`, {
      headers: { cookie: setCookie.split(';', 1)[0]! },
    });
    expect(await info.json()).toMatchObject({
      username: 'admin',
      role: 'administrator',
      idleTimeoutMs: 900_000,
    });
  });

  it('gives every login a new session id', async () => {
    const a = await server.login();
    const b = await server.login();
    expect(a).not.toBe(b);
  });

  it('refuses unknown users and wrong passwords alike', async () => {
    const unknown = await attempt(server, 'niemand', 'whatever-123');
    const wrong = await attempt(server, 'lehmann', 'wrong-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [u, w] = [
      (await unknown.json()) as { code: string; message: string },
      (await wrong.json()) as { code: string; message: string },
    ];
    expect(u).toEqual(w);
    expect(u.code).toBe('invalidCredentials');
  });

  it('locks a user out after too many failures, others unaffected, and audits it', async () => {
    for (let i = 0; i < 2; i++) expect((await attempt(server, 'meier', 'falsch')).status).toBe(401);
    const third = await attempt(server, 'meier', 'falsch');
    expect(third.status).toBe(423);
    expect(((await third.json()) as { code: string }).code).toBe('lockedOut');
    // Even the right password is refused while locked.
    expect((await attempt(server, 'meier', 'Meier-Pass-1')).status).toBe(423);
    expect((await attempt(server, 'lehmann', 'Lehmann-Pass-1')).status).toBe(200);
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 1000);
    expect(rows.some((r) => r.action === 'login.lockout' && r.username === 'meier')).toBe(true);
    expect(
      rows.filter((r) => r.action === 'login.failed' && r.username === 'meier').length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('refuses a login token without its cookie or with a forged signature', async () => {
    const form = await loginForm(server);
    const send = async (cookie: string, csrfToken: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          csrfToken,
          recaptchaToken: await answerBotCheck(server.url),
          username: 'admin',
          password: TEST_ADMIN_PASSWORD,
        }),
      });
    const noCookie = await send('', form.csrfToken);
    expect(noCookie.status).toBe(403);
    expect(((await noCookie.json()) as { code: string }).code).toBe('csrfTokenIncorrect');
    const forged = await send(form.cookie, `${form.csrfToken.slice(0, -2)}xx`);
    expect(((await forged.json()) as { code: string }).code).toBe('csrfTokenIncorrect');
  });

  it('refuses malformed login bodies, changing nothing but the audit of the refusals', async () => {
    const before = (await server.services.store.audit.range(0, Date.now() + 1, 10_000)).length;
    for (const body of [
      '{',
      '[]',
      '{"username":"admin"}',
      JSON.stringify({ csrfToken: 'x', username: '', password: 'y' }),
    ]) {
      const reply = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(reply.status).toBe(400);
    }
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 10_000);
    const added = rows.slice(0, rows.length - before);
    expect(added.map((r) => [r.action, r.object])).toEqual(
      Array(4).fill(['request.refused', 'POST /api/auth/login']),
    );
  });

  it('answers 401 to every other API call without a session', async () => {
    for (const path of [
      '/api/UserManagement/info',
      '/api/Pv/all',
      '/api/Pv/getallpvnodes',
      '/api/station/GetAllStations',
    ]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
    }
    const configs = await fetch(`${server.url}/api/Pv/configs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(configs.status).toBe(401);
    expect(
      (
        await fetch(`${server.url}/api/UserManagement/info`, {
          headers: { cookie: 'lw_session=forged-value-of-enough-length' },
        })
      ).status,
    ).toBe(401);
  });

  it('needs the CSRF header and a same-origin Origin for state changes', async () => {
    const { cookie, csrfToken } = await server.loginWithToken();
    const renew = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/UserManagement/renew-lease`, {
        method: 'POST',
        headers: { cookie, ...headers },
      });
    expect((await renew({})).status).toBe(403);
    expect((await renew({ 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await renew({ 'x-csrf-token': csrfToken, origin: 'https://evil.example' })).status).toBe(403);
    expect((await renew({ 'x-csrf-token': csrfToken, origin: server.url })).status).toBe(200);
  });

  it('ends the session on logout: the old cookie is refused and the logout is audited', async () => {
    const cookie = await server.login('lehmann', 'Lehmann-Pass-1');
    expect((await fetch(`${server.url}/api/UserManagement/info`, { headers: { cookie } })).status).toBe(200);
    await server.logout(cookie);
    expect((await fetch(`${server.url}/api/UserManagement/info`, { headers: { cookie } })).status).toBe(401);
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 1000);
    expect(rows.some((r) => r.action === 'logout' && r.username === 'lehmann')).toBe(true);
    expect(rows.some((r) => r.action === 'login' && r.username === 'lehmann')).toBe(true);
  });
});
