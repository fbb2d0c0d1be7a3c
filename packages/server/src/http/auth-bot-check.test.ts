import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerBotCheck, openLoginForm, postLogin, setCookieOf } from '../auth/login-client.js';
import { createLoginCsrf, LOGIN_CSRF_TTL_MS } from '../auth/login-csrf.js';
import { solveProofOfWork } from '../auth/proof-of-work.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test-support/test-server.js';

describe.each(BOTH_DIALECTS)('bot check and form token of the login on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { botCheckBits: 12 } });
  });
  afterAll(() => server.close());

  const send = async (recaptchaToken: string | undefined, form?: { csrfToken: string; cookie: string }) => {
    const { csrfToken, cookie } = form ?? (await openLoginForm(server.url));
    const reply = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ csrfToken, recaptchaToken, username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    return { status: reply.status, body: (await reply.json()) as { code?: string; user?: unknown } };
  };
  const challenge = async () =>
    (await (await fetch(`${server.url}/api/auth/bot-check`)).json()) as {
      kind: 'proofOfWork';
      challenge: string;
      nonce: string;
      bits: number;
      expiresAt: number;
    };

  it('hands out a signed challenge of the configured difficulty that expires in 2 minutes', async () => {
    const before = Date.now();
    const c = await challenge();
    expect(c.kind).toBe('proofOfWork');
    expect(c.bits).toBe(12);
    expect(c.expiresAt - before).toBeGreaterThanOrEqual(119_000);
    expect(c.expiresAt - before).toBeLessThanOrEqual(121_000);
  });

  it('logs in with the work done, once', async () => {
    const token = solveProofOfWork(await challenge());
    expect((await send(token)).status).toBe(200);
    const replay = await send(token);
    expect(replay).toEqual({ status: 403, body: expect.objectContaining({ code: 'recaptchaNotValidated' }) });
  });

  it('refuses a login without the bot check, with wrong work, or with a forged signature', async () => {
    expect((await send(undefined)).body.code).toBe('recaptchaNotValidated');
    const c = await challenge();
    const right = solveProofOfWork(c);
    const counter = Number(right.split(':')[1]);
    expect((await send(`${c.challenge}:${counter + 1}`)).body.code).toMatch(/recaptchaNotValidated/);
    const [nonce, expires, bits] = c.challenge.split('.');
    const forged = `${nonce}.${expires}.${bits}.${'A'.repeat(43)}:${counter}`;
    expect((await send(forged)).body.code).toBe('recaptchaNotValidated');
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 1000);
    expect(
      rows.filter((r) => r.action === 'login.failed' && r.detail?.includes('recaptcha')).length,
    ).toBeGreaterThan(2);
  });

  it('says the form token expired when it is past its time, and refuses a foreign one', async () => {
    const secret = (await server.services.store.meta.get('login_csrf_secret'))!;
    const old = createLoginCsrf(secret, () => Date.now() - LOGIN_CSRF_TTL_MS - 1000).issue();
    const expired = await send(await answerBotCheck(server.url), {
      csrfToken: old.token,
      cookie: `lw_login_csrf=${old.nonce}`,
    });
    expect(expired).toEqual({ status: 403, body: expect.objectContaining({ code: 'csrfTokenExpired' }) });
    const foreign = createLoginCsrf('not-our-secret').issue();
    const incorrect = await send(await answerBotCheck(server.url), {
      csrfToken: foreign.token,
      cookie: `lw_login_csrf=${foreign.nonce}`,
    });
    expect(incorrect.body.code).toBe('csrfTokenIncorrect');
  });

  it('still logs in through the helper every client uses', async () => {
    const reply = await postLogin(server.url, 'admin', TEST_ADMIN_PASSWORD);
    expect(reply.status).toBe(200);
    expect(setCookieOf(reply, 'lw_session')).toBeDefined();
  });
});
