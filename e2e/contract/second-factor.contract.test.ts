import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveProofOfWork } from '../../packages/server/src/auth/proof-of-work';
import { totpCode } from '../../packages/server/src/auth/totp';
import { TEST_USER_PASSWORD } from '../../packages/server/src/test-support/users';
import { getBotCheckChallenge, getLoginCsrfToken, login, verifyLogin } from '../../packages/web/src/api/auth';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import {
  confirmSecondFactor,
  disableSecondFactor,
  getSecondFactorStatus,
  resetSecondFactor,
  startSecondFactorEnrolment,
} from '../../packages/web/src/api/second-factor';
import { openApiSession, type ApiSession } from './support/api-session';

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { status: error.status, code: error.code } : error),
  );

/** The browser's cookie handling for the login flow's own cookies (form token, pending second step). */
function withCookieJar() {
  const jar = new Map<string, string>();
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const reply = await inner(input, { ...init, headers });
    for (const c of reply.headers.getSetCookie()) {
      const [pair] = c.split(';', 1);
      const [name, value] = (pair ?? '').split('=');
      if (name) jar.set(name, value ?? '');
    }
    return reply;
  };
  return () => (globalThis.fetch = inner);
}

describe('second factor calls of the web client against the server', () => {
  let api: ApiSession;
  beforeAll(async () => {
    api = await openApiSession({ config: { botCheckBits: 8 } });
  });
  afterAll(() => api.close());

  it('switches the own second factor on and off', async () => {
    await api.as('zweiter-faktor', 'operator');
    expect(await getSecondFactorStatus()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret, otpauthUri } = await startSecondFactorEnrolment();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(await refusal(confirmSecondFactor('000000'))).toEqual({ status: 400, code: 'codeInvalid' });
    const { recoveryCodes } = await confirmSecondFactor(totpCode(secret, Date.now()));
    expect(recoveryCodes).toHaveLength(10);
    expect(await getSecondFactorStatus()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(await refusal(startSecondFactorEnrolment())).toEqual({ status: 409, code: 'alreadyEnabled' });
    expect(await refusal(disableSecondFactor({ password: 'falsch-falsch' }))).toEqual({
      status: 400,
      code: 'passwordInvalid',
    });
    await disableSecondFactor({ password: TEST_USER_PASSWORD });
    expect((await getSecondFactorStatus()).enabled).toBe(false);
  });

  it('logs in with the bot check and the second step', async () => {
    await api.as('zwei-schritte', 'viewer');
    const { secret } = await startSecondFactorEnrolment();
    const enrolledAt = Date.now();
    await confirmSecondFactor(totpCode(secret, enrolledAt));
    const restore = withCookieJar();
    try {
      const challenge = await getBotCheckChallenge();
      expect(challenge).toMatchObject({ kind: 'proofOfWork', bits: 8 });
      if (challenge.kind !== 'proofOfWork') throw new Error('expected the proof of work');
      const { csrfToken } = await getLoginCsrfToken();
      const first = await login({
        csrfToken,
        recaptchaToken: solveProofOfWork(challenge),
        username: 'zwei-schritte',
        password: TEST_USER_PASSWORD,
      });
      expect(first).toMatchObject({ secondFactorRequired: true });
      expect(await refusal(verifyLogin({ csrfToken, code: '000000' }))).toEqual({
        status: 401,
        code: 'secondFactorCodeInvalid',
      });
      const reply = await verifyLogin({ csrfToken, code: totpCode(secret, enrolledAt + 30_000) });
      expect(reply.user.username).toBe('zwei-schritte');
      // Without the bot check's answer the login is refused before the password is looked at.
      const form = await getLoginCsrfToken();
      expect(
        await refusal(login({ csrfToken: form.csrfToken, username: 'zwei-schritte', password: 'x' })),
      ).toEqual({ status: 403, code: 'recaptchaNotValidated' });
    } finally {
      restore();
    }
  });

  it('lets an administrator reset a second factor, and refuses others', async () => {
    const { userId } = await api.as('telefon-verloren', 'viewer');
    const { secret } = await startSecondFactorEnrolment();
    await confirmSecondFactor(totpCode(secret, Date.now()));
    await api.as('kein-admin', 'operator');
    expect(await refusal(resetSecondFactor(userId))).toEqual({ status: 403, code: 'forbidden' });
    await api.asAdmin();
    expect(await refusal(resetSecondFactor(987_654))).toEqual({ status: 404, code: 'notFound' });
    await resetSecondFactor(userId);
    expect((await api.server.services.store.users.byId(userId))?.totp_enabled).toBe(0);
  });

  it('fails with a network error when the server cannot be reached', async () => {
    api.offline();
    try {
      await expect(getSecondFactorStatus()).rejects.toBeInstanceOf(NetworkError);
      await expect(getBotCheckChallenge()).rejects.toBeInstanceOf(NetworkError);
    } finally {
      api.online();
    }
  });
});
