import { SECOND_FACTOR_PENDING_MS } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLogin } from '../auth/login-client.js';
import { createPendingLogin } from '../auth/pending-login.js';
import { totpCode } from '../auth/totp.js';
import { addUser } from '../auth/users.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { enrol, passwordStep, sessionFor, verifyStep } from '../test-support/second-factor-steps.js';

const PASSWORD = 'Lockout-Pass-1';
const LOCKOUT_MS = 1_500;

describe.each(BOTH_DIALECTS)('second step: lockout and time limit on %s', (dialect) => {
  let server: TestServer;
  let url: string;
  const enrolled = async (username: string) => {
    const { user } = await addUser(server.services.store, {
      username,
      role: 'viewer',
      password: PASSWORD,
      actor: 'test',
    });
    await server.services.rights.reload();
    return { id: user.id, ...(await enrol(url, await sessionFor(url, username, PASSWORD))) };
  };

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      config: { botCheckBits: 8, loginMaxFailures: 3, loginLockoutMs: LOCKOUT_MS },
    });
    url = server.url;
  });
  afterAll(() => server.close());

  it('counts failed codes and failed passwords together toward the lockout, which then ends', async () => {
    const { secret } = await enrolled('ilse');
    expect((await postLogin(url, 'ilse', 'wrong-password')).status).toBe(401);
    const step = await passwordStep(url, 'ilse', PASSWORD);
    expect((await verifyStep(url, step.form, step.pending, '000000')).status).toBe(401);
    const third = await verifyStep(url, step.form, step.pending, '111111');
    expect(third).toMatchObject({ status: 423, body: { code: 'lockedOut' } });
    // Locked: the password is refused, and the pending step is over.
    expect(
      (await verifyStep(url, step.form, step.pending, totpCode(secret, Date.now() + 30_000))).status,
    ).toBe(403);
    expect((await postLogin(url, 'ilse', PASSWORD)).status).toBe(423);
    const rows = await server.services.store.audit.range(0, Date.now() + 1, 10_000);
    expect(rows.some((r) => r.action === 'login.lockout' && r.username === 'ilse')).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, LOCKOUT_MS + 200));
    const after = await passwordStep(url, 'ilse', PASSWORD);
    expect(after.body.secondFactorRequired).toBe(true);
    expect(
      (await verifyStep(url, after.form, after.pending, totpCode(secret, Date.now() + 30_000))).status,
    ).toBe(200);
  });

  it('does not let the password restart the count of failed codes', async () => {
    await enrolled('jakob');
    for (const code of ['000000', '111111']) {
      const step = await passwordStep(url, 'jakob', PASSWORD);
      expect((await verifyStep(url, step.form, step.pending, code)).status).toBe(401);
    }
    const step = await passwordStep(url, 'jakob', PASSWORD);
    expect((await verifyStep(url, step.form, step.pending, '222222')).body.code).toBe('lockedOut');
  });

  it('ends the pending step after 5 minutes', async () => {
    const { id, secret } = await enrolled('karl');
    const step = await passwordStep(url, 'karl', PASSWORD);
    const key = (await server.services.store.meta.get('login_pending_secret'))!;
    const old = createPendingLogin(key, () => Date.now() - SECOND_FACTOR_PENDING_MS - 1_000).issue(id);
    const late = await verifyStep(
      url,
      step.form,
      `lw_login_pending=${old.token}`,
      totpCode(secret, Date.now() + 30_000),
    );
    expect(late).toMatchObject({ status: 403, body: { code: 'loginTimeLimitExceeded' } });
    expect(late.session).toBeUndefined();
    // A forged pending state for another user is no pending state.
    const forged = createPendingLogin('not-our-key').issue(id);
    const bad = await verifyStep(url, step.form, `lw_login_pending=${forged.token}`, '123456');
    expect(bad.body.code).toBe('loginTimeLimitExceeded');
  });
});
