// Client address and scheme come from forwarding headers only when a configured proxy sent
// them: a direct client cannot choose the address the audit records or the cookie flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBotCheck, openLoginForm } from '../auth/login-client.js';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test-support/test-server.js';

const FORWARDED = { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' };

async function auditedAddress(server: TestServer): Promise<string | null> {
  const started = Date.now();
  await fetch(`${server.url}/api/Pv`, { method: 'POST', headers: FORWARDED });
  const rows = await server.services.store.audit.range(started, Date.now() + 1, 10);
  return rows.find((r) => r.action === 'access.refused')?.remote_address ?? null;
}

async function sessionCookieFlags(server: TestServer): Promise<string> {
  const form = await openLoginForm(server.url);
  const reply = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: form.cookie, ...FORWARDED },
    body: JSON.stringify({
      csrfToken: form.csrfToken,
      recaptchaToken: await answerBotCheck(server.url),
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    }),
  });
  expect(reply.status).toBe(200);
  return reply.headers.getSetCookie().find((c) => c.startsWith('lw_session=')) ?? '';
}

describe('forwarding headers', () => {
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    direct = await startTestServer();
    proxied = await startTestServer({ config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('are ignored from a client that is no configured proxy (the default: none)', async () => {
    expect(direct.config.trustedProxies).toEqual([]);
    expect(await auditedAddress(direct)).toBe('127.0.0.1');
    expect(await sessionCookieFlags(direct)).not.toMatch(/Secure/i);
  });

  it('are believed from a configured proxy', async () => {
    expect(await auditedAddress(proxied)).toBe('6.6.6.6');
    expect(await sessionCookieFlags(proxied)).toMatch(/Secure/i);
  });
});
