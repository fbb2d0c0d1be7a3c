import {
  DOMAIN_PASSWORD_CHANGE_REFUSED,
  type AccountInfo,
  type PasswordChange,
  type PasswordChangeReply,
  type UserInfo,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { TEST_USER_PASSWORD, loginAsNewUser } from '../test-support/users.js';
import { callApi, replyJson } from '../test-support/api-call.js';

const NEW_PASSWORD = 'Neues-Passwort-2024';

describe.each(BOTH_DIALECTS)('own account calls on %s', (dialect) => {
  let server: TestServer;
  const t0 = Date.now() - 1000;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const json = replyJson;
  const changePassword = async (who: LoggedIn, change: PasswordChange) =>
    json<PasswordChangeReply>(await call(who, 'POST', '/api/UserManagement/change-password', change));
  const auditRows = async (action: string, username: string) =>
    (await server.services.store.audit.range(t0, Date.now() + 1000, 1000)).filter(
      (r) => r.action === action && r.username === username,
    );
  const passwordHashOf = async (username: string) =>
    (await server.services.store.users.byName(username))!.password_hash;
  const makeDomainUser = (username: string) =>
    server.services.store.db
      .updateTable('users')
      .set({ auth_source: 'domain' })
      .where('username', '=', username)
      .execute();

  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { sessionIdleMs: 12_000 } });
  });
  afterAll(() => server.close());

  it('tells the user their account and the idle timeout the client must follow', async () => {
    const viewer = await loginAsNewUser(server, 'konto-gast', 'viewer');
    expect(await json<AccountInfo>(await call(viewer, 'GET', '/api/UserManagement/account'))).toEqual({
      username: 'konto-gast',
      displayName: 'konto-gast',
      language: 'de',
      authSource: 'local',
    });
    const info = await json<UserInfo>(await call(viewer, 'GET', '/api/UserManagement/info'));
    expect(info.idleTimeoutMs).toBe(12_000);
    const lease = await json<{ idleTimeoutMs: number }>(
      await call(viewer, 'POST', '/api/UserManagement/renew-lease'),
    );
    expect(lease.idleTimeoutMs).toBe(12_000);
    expect((await fetch(`${server.url}/api/UserManagement/account`)).status).toBe(401);
  });

  it('changes the own password when every rule holds; the new one logs in', async () => {
    const user = await loginAsNewUser(server, 'konto-betrieb', 'operator');
    const reply = await changePassword(user, {
      oldPassword: TEST_USER_PASSWORD,
      newPassword: NEW_PASSWORD,
      newConfirmation: NEW_PASSWORD,
    });
    expect(reply).toEqual({ status: 'Success', errorMessage: '', issues: [] });
    expect(await verifyPassword(await passwordHashOf('konto-betrieb'), NEW_PASSWORD)).toBe(true);
    expect(await auditRows('user.password-change', 'konto-betrieb')).toHaveLength(1);
    await expect(server.loginWithToken('konto-betrieb', NEW_PASSWORD)).resolves.toBeDefined();
  });

  it('refuses a change that breaks the rules, names each issue and changes nothing', async () => {
    const user = await loginAsNewUser(server, 'konto-regeln', 'viewer');
    const before = await passwordHashOf('konto-regeln');
    const reply = await changePassword(user, {
      oldPassword: 'falsch',
      newPassword: 'kurz',
      newConfirmation: 'anders',
    });
    expect(reply.status).toBe('Failed');
    expect(reply.issues).toEqual(['oldPasswordWrong', 'policy', 'confirmationMismatch']);
    const same = await changePassword(user, {
      oldPassword: TEST_USER_PASSWORD,
      newPassword: TEST_USER_PASSWORD,
      newConfirmation: TEST_USER_PASSWORD,
    });
    expect(same.issues).toEqual(['sameAsPrevious']);
    expect(await passwordHashOf('konto-regeln')).toBe(before);
    expect(await auditRows('user.password-change.refused', 'konto-regeln')).toHaveLength(2);
  });

  it('refuses a user managed by a domain with the catalogue text, changes nothing, audits', async () => {
    const user = await loginAsNewUser(server, 'konto-domaene', 'operator');
    await makeDomainUser('konto-domaene');
    const before = await passwordHashOf('konto-domaene');
    const account = await json<AccountInfo>(await call(user, 'GET', '/api/UserManagement/account'));
    expect(account.authSource).toBe('domain');

    const reply = await changePassword(user, {
      oldPassword: TEST_USER_PASSWORD,
      newPassword: NEW_PASSWORD,
      newConfirmation: NEW_PASSWORD,
    });
    expect(reply).toEqual({ status: 'Failed', errorMessage: DOMAIN_PASSWORD_CHANGE_REFUSED, issues: [] });
    expect(await passwordHashOf('konto-domaene')).toBe(before);
    const refused = await auditRows('user.password-change.refused', 'konto-domaene');
    expect(refused).toHaveLength(1);
    expect(JSON.stringify(refused[0]?.detail)).toContain('domainManaged');
    expect(await auditRows('user.password-change', 'konto-domaene')).toHaveLength(0);
  });

  it('refuses malformed requests before looking at them', async () => {
    const user = await loginAsNewUser(server, 'konto-form', 'viewer');
    const reply = await call(user, 'POST', '/api/UserManagement/change-password', { oldPassword: 'x' });
    expect(reply.status).toBe(400);
    const noCsrf = await fetch(`${server.url}/api/UserManagement/change-password`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'a', newPassword: 'b', newConfirmation: 'b' }),
    });
    expect(noCsrf.status).toBe(403);
  });
});
