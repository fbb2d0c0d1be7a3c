import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { AdminUserDetail, UserPasswordReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import {
  startTestServer,
  TEST_PLANT_USERS_PASSWORD,
  type LoggedIn,
  type TestServer,
} from '../test-support/test-server.js';
import { loginAsNewUser, TEST_USER_PASSWORD } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('user administration (%s)', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;

  const call = (session: LoggedIn, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const audit = async (action: string) =>
    server.services.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .execute();
  const roleId = (name: string) => {
    const role = server.services.rights.roles().find((r) => r.name === name);
    if (role === undefined) throw new Error(`no role ${name}`);
    return role.id;
  };
  const userCount = async () => (await server.services.store.users.list()).length;
  const infoStatus = async (session: LoggedIn) =>
    (await fetch(`${server.url}/api/UserManagement/info`, { headers: { cookie: session.cookie } })).status;
  const loginStatus = async (username: string, password: string) => {
    try {
      await server.loginWithToken(username, password);
      return 200;
    } catch (error) {
      return Number(/failed: (\d+)/.exec(String(error))?.[1] ?? 0);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it('creates a user with a generated password shown once, which logs in with the given role', async () => {
    const reply = await call(admin, 'POST', '/api/admin/users', {
      username: 'neu.operator',
      displayName: 'Neue Bedienerin',
      roleIds: [roleId('operator')],
    });
    expect(reply.status).toBe(200);
    const created = (await reply.json()) as UserPasswordReply;
    expect(created.user).toMatchObject({
      username: 'neu.operator',
      displayName: 'Neue Bedienerin',
      authSource: 'local',
      disabled: false,
      secondFactor: false,
      roleIds: [roleId('operator')],
    });
    expect(created.password).toMatch(/^\S{20}$/);
    const session = await server.loginWithToken('neu.operator', created.password ?? '');
    const rights = (await (await call(session, 'GET', '/api/UserManagement/rights')).json()) as {
      roles: string[];
    };
    expect(rights.roles).toEqual(['operator']);
    const [row] = await audit('user.create');
    expect(row).toMatchObject({ username: 'admin', object: 'user:neu.operator' });
    expect(JSON.parse(row?.new_value ?? '{}')).toMatchObject({ roles: ['operator'] });
    // Shown once: reading the user again never carries a password.
    const again = (await (await call(admin, 'GET', `/api/admin/users/${created.user.id}`)).json()) as object;
    expect(again).not.toHaveProperty('password');
  });

  it('creates a user with a given password and a domain user without one', async () => {
    const given = await call(admin, 'POST', '/api/admin/users', {
      username: 'mit.passwort',
      displayName: 'Mit Passwort',
      roleIds: [roleId('viewer')],
      password: 'Gegeben-Passwort-7',
    });
    expect(((await given.json()) as UserPasswordReply).password).toBeNull();
    expect(await loginStatus('mit.passwort', 'Gegeben-Passwort-7')).toBe(200);
    const domain = await call(admin, 'POST', '/api/admin/users', {
      username: 'domain.user',
      displayName: 'Aus dem Verzeichnis',
      roleIds: [roleId('viewer')],
      authSource: 'domain',
    });
    const reply = (await domain.json()) as UserPasswordReply;
    expect(reply).toMatchObject({ password: null, user: { authSource: 'domain' } });
    const reset = await call(admin, 'POST', `/api/admin/users/${reply.user.id}/reset-password`, {});
    expect(reset.status).toBe(409);
    expect(((await reset.json()) as { code: string }).code).toBe('domainUser');
  });

  it('refuses invalid input, an existing name and a weak password, and changes nothing', async () => {
    const before = await userCount();
    const post = (body: object) => call(admin, 'POST', '/api/admin/users', body);
    const base = { username: 'gueltig', displayName: 'Gültig', roleIds: [roleId('viewer')] };
    expect((await post({ ...base, username: 'mit leerzeichen' })).status).toBe(400);
    expect((await post({ ...base, displayName: '' })).status).toBe(400);
    expect((await post({ ...base, roleIds: [999999] })).status).toBe(400);
    const weak = await post({ ...base, password: 'kurz' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { code: string }).code).toBe('passwordPolicy');
    const exists = await post({ ...base, username: 'gast' });
    expect(exists.status).toBe(409);
    expect(((await exists.json()) as { code: string }).code).toBe('userExists');
    expect(await userCount()).toBe(before);
    expect((await audit('user.create.refused')).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses every change without manageUsers with 403, audits it and changes nothing', async () => {
    const operator = await server.loginWithToken('betrieb', TEST_PLANT_USERS_PASSWORD);
    const gast = (await server.services.store.users.byName('gast'))!;
    const before = (await audit('access.refused')).length;
    const attempts = [
      call(operator, 'POST', '/api/admin/users', { username: 'x1', displayName: 'X', roleIds: [] }),
      call(operator, 'POST', `/api/admin/users/${gast.id}/disable`),
      call(operator, 'POST', `/api/admin/users/${gast.id}/reset-password`, {}),
      call(operator, 'PATCH', `/api/admin/users/${gast.id}`, { displayName: 'Gehackt' }),
      call(operator, 'GET', '/api/admin/pv-groups'),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.status).toBe(403);
    expect(await server.services.store.users.byName('x1')).toBeUndefined();
    expect(await server.services.store.users.byName('gast')).toMatchObject({
      disabled: 0,
      display_name: gast.display_name,
    });
    const refused = await audit('access.refused');
    expect(refused.length - before).toBe(5);
    expect(refused[0]).toMatchObject({ username: 'betrieb' });
  });

  it('disabling ends the sessions at once; enabling lets the user in again', async () => {
    const user = await loginAsNewUser(server, 'bald.aus', 'operator');
    expect(await infoStatus(user)).toBe(200);
    const reply = await call(admin, 'POST', `/api/admin/users/${user.userId}/disable`);
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as AdminUserDetail).disabled).toBe(true);
    expect(await infoStatus(user)).toBe(401);
    expect(await loginStatus('bald.aus', TEST_USER_PASSWORD)).not.toBe(200);
    const [row] = await audit('user.disable');
    expect(row).toMatchObject({ username: 'admin', old_value: 'enabled', new_value: 'disabled' });
    expect((await call(admin, 'POST', `/api/admin/users/${user.userId}/enable`)).status).toBe(200);
    expect(await loginStatus('bald.aus', TEST_USER_PASSWORD)).toBe(200);
    expect(await audit('user.enable')).toHaveLength(1);
  });

  it("disabling closes the user's live connection without reconnect", async () => {
    const user = await loginAsNewUser(server, 'live.aus', 'viewer');
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/hubs/pv`, { headers: { Cookie: user.cookie } })
      .withAutomaticReconnect([0, 100, 100])
      .configureLogging(LogLevel.None)
      .build();
    let reconnecting = false;
    connection.onreconnecting(() => {
      reconnecting = true;
    });
    const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
    await connection.start();
    const started = Date.now();
    await call(admin, 'POST', `/api/admin/users/${user.userId}/disable`);
    const error = await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error?.message).toMatch(/Unauthorized/);
    expect(reconnecting).toBe(false);
  });

  it('refuses disabling oneself and the last enabled user who can manage users', async () => {
    const self = await call(
      admin,
      'POST',
      `/api/admin/users/${(await server.services.store.users.byName('admin'))!.id}/disable`,
    );
    expect(self.status).toBe(409);
    expect(((await self.json()) as { code: string }).code).toBe('selfDisable');
    expect(await infoStatus(admin)).toBe(200);

    const chef = await loginAsNewUser(server, 'chef', 'administrator');
    // Meanwhile the command line disabled the administrator; this session is still within its check interval.
    const adminRow = (await server.services.store.users.byName('admin'))!;
    await server.services.store.users.setDisabled(adminRow.id, true, Date.now());
    try {
      const last = await call(chef, 'POST', `/api/admin/users/${adminRow.id}/disable`);
      expect(last.status).toBe(200);
      const refused = await call(admin, 'POST', `/api/admin/users/${chef.userId}/disable`);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { code: string }).code).toBe('lastUserManager');
      expect(await server.services.store.users.byId(chef.userId)).toMatchObject({ disabled: 0 });
      expect((await audit('user.disable.refused')).map((r) => r.username)).toContain('admin');
    } finally {
      await server.services.store.users.setDisabled(adminRow.id, false, Date.now());
      admin = await server.loginWithToken();
    }
  });

  it('resets a password: the new one is shown once, the old one and the sessions are gone', async () => {
    const user = await loginAsNewUser(server, 'vergesslich', 'viewer');
    const reply = await call(admin, 'POST', `/api/admin/users/${user.userId}/reset-password`, {});
    expect(reply.status).toBe(200);
    const { password } = (await reply.json()) as UserPasswordReply;
    expect(password).toMatch(/^\S{20}$/);
    expect(await infoStatus(user)).toBe(401);
    expect(await loginStatus('vergesslich', TEST_USER_PASSWORD)).not.toBe(200);
    expect(await loginStatus('vergesslich', password ?? '')).toBe(200);
    const given = await call(admin, 'POST', `/api/admin/users/${user.userId}/reset-password`, {
      password: 'Neues-Passwort-42',
    });
    expect(((await given.json()) as UserPasswordReply).password).toBeNull();
    expect(await loginStatus('vergesslich', 'Neues-Passwort-42')).toBe(200);
    expect(await audit('user.password-reset')).toHaveLength(2);
    const weak = await call(admin, 'POST', `/api/admin/users/${user.userId}/reset-password`, {
      password: 'abc',
    });
    expect(weak.status).toBe(400);
    expect(await loginStatus('vergesslich', 'Neues-Passwort-42')).toBe(200);
    const missing = await call(admin, 'POST', '/api/admin/users/999999/reset-password', {});
    expect(missing.status).toBe(404);
  });

  it('changes display name and language (old → new in the audit) and refuses unknown languages', async () => {
    const gast = (await server.services.store.users.byName('gast'))!;
    const path = `/api/admin/users/${gast.id}`;
    expect((await call(admin, 'PATCH', path, { language: 'fr' })).status).toBe(400);
    expect((await call(admin, 'PATCH', path, {})).status).toBe(400);
    const reply = await call(admin, 'PATCH', path, { displayName: 'Gast am Empfang', language: 'cs' });
    expect((await reply.json()) as AdminUserDetail).toMatchObject({
      displayName: 'Gast am Empfang',
      language: 'cs',
    });
    const [row] = await audit('user.update');
    expect(JSON.parse(row?.old_value ?? '{}')).toEqual({
      displayName: gast.display_name,
      language: gast.language,
    });
    expect(JSON.parse(row?.new_value ?? '{}')).toEqual({ displayName: 'Gast am Empfang', language: 'cs' });
  });

  it('lists users with their second factor and the PV groups a role can be scoped to', async () => {
    const users = (await (await call(admin, 'GET', '/api/admin/users')).json()) as {
      secondFactor: boolean;
    }[];
    expect(users.length).toBeGreaterThan(3);
    expect(users.every((u) => u.secondFactor === false)).toBe(true);
    const groups = (await (await call(admin, 'GET', '/api/admin/pv-groups')).json()) as object[];
    expect(groups).toHaveLength(server.services.domain.pvGroups.length);
    for (const group of groups) expect(Object.keys(group).sort()).toEqual(['id', 'name', 'station']);
  });
});
