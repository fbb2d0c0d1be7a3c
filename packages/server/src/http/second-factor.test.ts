import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../auth/users.js';
import { totpCode } from '../auth/totp.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, TEST_ADMIN_PASSWORD, type TestServer } from '../test-support/test-server.js';
import { enrol, passwordStep, post, sessionFor, verifyStep } from '../test-support/second-factor-steps.js';

const PASSWORD = 'Second-Factor-Pass-1';

describe.each(BOTH_DIALECTS)('second factor on %s', (dialect) => {
  let server: TestServer;
  let url: string;
  const newUser = async (username: string, role = 'operator') => {
    const { user } = await addUser(server.services.store, {
      username,
      role,
      password: PASSWORD,
      actor: 'test',
    });
    await server.services.rights.reload();
    return user.id;
  };
  const audit = async () => server.services.store.audit.range(0, Date.now() + 1, 10_000);

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { botCheckBits: 8 } });
    url = server.url;
  });
  afterAll(() => server.close());

  it('is switched on with a first code and hands out ten recovery codes once', async () => {
    await newUser('berger');
    const session = await sessionFor(url, 'berger', PASSWORD);
    const status = async () =>
      (await fetch(`${url}/api/account/second-factor`, { headers: { cookie: session.cookie } })).json();
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const start = await post(url, '/api/account/second-factor/enrolment', session);
    const { secret, otpauthUri } = (await start.json()) as { secret: string; otpauthUri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const wrong = await post(url, '/api/account/second-factor/enrolment/confirm', session, {
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(await status()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const confirm = await post(url, '/api/account/second-factor/enrolment/confirm', session, {
      code: totpCode(secret, Date.now()),
    });
    const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are stored.
    const row = await server.services.store.users.byName('berger');
    for (const code of recoveryCodes) expect(row!.recovery_codes).not.toContain(code.replace('-', ''));
    // A second enrolment cannot replace a running second factor.
    expect((await post(url, '/api/account/second-factor/enrolment', session)).status).toBe(409);
    expect((await audit()).some((r) => r.action === 'secondFactor.enabled' && r.username === 'berger')).toBe(
      true,
    );
  });

  it('asks for the code after the password, gives no session before, and takes each code once', async () => {
    await newUser('conrad');
    const enrolledAt = Date.now();
    const { secret } = await enrol(url, await sessionFor(url, 'conrad', PASSWORD), enrolledAt);
    const first = await passwordStep(url, 'conrad', PASSWORD);
    expect(first.reply.status).toBe(200);
    expect(first.body.secondFactorRequired).toBe(true);
    expect(first.reply.headers.getSetCookie().some((c) => c.startsWith('lw_session='))).toBe(false);
    const pendingCookie = first.reply.headers.getSetCookie().find((c) => c.startsWith('lw_login_pending='))!;
    expect(pendingCookie).toMatch(/HttpOnly/i);
    expect(pendingCookie).toMatch(/SameSite=Strict/i);
    // The code of the enrolment's step was used there already.
    const reused = await verifyStep(url, first.form, first.pending, totpCode(secret, enrolledAt));
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('secondFactorCodeInvalid');
    const next = totpCode(secret, enrolledAt + 30_000);
    const ok = await verifyStep(url, first.form, first.pending, next);
    expect(ok.status).toBe(200);
    expect(ok.session).toBeDefined();
    const info = await fetch(`${url}/api/UserManagement/info`, { headers: { cookie: ok.session! } });
    expect(((await info.json()) as { username: string }).username).toBe('conrad');
    // The pending step is spent; and the same code in a new login is refused.
    expect((await verifyStep(url, first.form, first.pending, next)).body.code).toBe('loginTimeLimitExceeded');
    const again = await passwordStep(url, 'conrad', PASSWORD);
    expect((await verifyStep(url, again.form, again.pending, next)).body.code).toBe(
      'secondFactorCodeInvalid',
    );
  });

  it('takes each recovery code once', async () => {
    await newUser('dietrich');
    const { recoveryCodes } = await enrol(url, await sessionFor(url, 'dietrich', PASSWORD));
    const code = recoveryCodes[3]!;
    const first = await passwordStep(url, 'dietrich', PASSWORD);
    expect((await verifyStep(url, first.form, first.pending, code.toLowerCase())).status).toBe(200);
    const second = await passwordStep(url, 'dietrich', PASSWORD);
    expect((await verifyStep(url, second.form, second.pending, code)).body.code).toBe(
      'secondFactorCodeInvalid',
    );
    const other = await verifyStep(url, second.form, second.pending, recoveryCodes[4]!);
    expect(other.status).toBe(200);
    const rows = await audit();
    expect(
      rows.some(
        (r) => r.action === 'login' && r.username === 'dietrich' && r.detail?.includes('recoveryCode'),
      ),
    ).toBe(true);
  });

  it('refuses the second step without the password step and needs the form token', async () => {
    await newUser('eckert');
    await enrol(url, await sessionFor(url, 'eckert', PASSWORD));
    const step = await passwordStep(url, 'eckert', PASSWORD);
    const none = await verifyStep(url, step.form, undefined, '123456');
    expect(none).toMatchObject({ status: 403, body: { code: 'loginTimeLimitExceeded' } });
    const badForm = await verifyStep(url, { ...step.form, csrfToken: 'x.1.y' }, step.pending, '123456');
    expect(badForm.body.code).toBe('csrfTokenIncorrect');
  });

  it('is switched off with the password or a current code, not with a wrong one', async () => {
    await newUser('fuchs');
    const session = await sessionFor(url, 'fuchs', PASSWORD);
    const { secret } = await enrol(url, session);
    const disable = (body: object) => post(url, '/api/account/second-factor/disable', session, body);
    expect((await disable({ password: 'wrong-password' })).status).toBe(400);
    expect((await disable({ code: totpCode(secret, Date.now() - 30_000) })).status).toBe(400);
    expect((await disable({})).status).toBe(400);
    expect((await disable({ code: totpCode(secret, Date.now() + 30_000) })).status).toBe(204);
    expect((await sessionFor(url, 'fuchs', PASSWORD)).cookie).toMatch(/^lw_session=/);
    await enrol(url, session);
    expect((await disable({ password: PASSWORD })).status).toBe(204);
    const rows = (await audit()).filter((r) => r.username === 'fuchs');
    expect(rows.filter((r) => r.action === 'secondFactor.disabled')).toHaveLength(2);
    expect(rows.filter((r) => r.action === 'secondFactor.disable.refused')).toHaveLength(2);
  });

  it('is reset by an administrator, audited; others are refused', async () => {
    const id = await newUser('graf');
    await enrol(url, await sessionFor(url, 'graf', PASSWORD));
    await newUser('hahn', 'operator');
    const operator = await sessionFor(url, 'hahn', PASSWORD);
    const path = `/api/admin/users/${id}/reset-second-factor`;
    expect((await post(url, path, operator)).status).toBe(403);
    expect((await server.services.store.users.byId(id))!.totp_enabled).toBe(1);
    expect((await audit()).some((r) => r.action === 'access.refused' && r.username === 'hahn')).toBe(true);
    const admin = await sessionFor(url, 'admin', TEST_ADMIN_PASSWORD);
    expect((await post(url, '/api/admin/users/999999/reset-second-factor', admin)).status).toBe(404);
    expect((await post(url, path, admin)).status).toBe(204);
    expect((await sessionFor(url, 'graf', PASSWORD)).cookie).toMatch(/^lw_session=/);
    const reset = (await audit()).find((r) => r.action === 'user.secondFactor.reset');
    expect(reset).toMatchObject({ username: 'admin', object: 'user:graf' });
  });
});
