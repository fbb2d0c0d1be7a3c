import type { LicenseOptions, LicenseUse } from '@leitwarte/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postLogin } from '../auth/login-client.js';
import { addUser } from '../auth/users.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, TEST_USER_PASSWORD } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('licence limits (%s)', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let group: number;
  let areaRole: number;

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
  const setLimits = async (limits: LicenseOptions) => {
    const reply = await call(admin, 'PATCH', '/api/SystemConfig', { licenseOptions: limits });
    expect(reply.status).toBe(200);
  };
  const use = async () => (await (await call(admin, 'GET', '/api/admin/license-use')).json()) as LicenseUse;
  /** Status and reason code of a login through the real form calls. */
  const tryLogin = async (username: string, password = TEST_USER_PASSWORD) => {
    const reply = await postLogin(server.url, username, password);
    const body = (await reply.json()) as { code?: string };
    return { status: reply.status, code: body.code ?? null, cookie: reply.headers.getSetCookie() };
  };
  const user = (username: string, roleIds: number[]) =>
    addUser(server.services.store, {
      username,
      role: 'viewer',
      password: TEST_USER_PASSWORD,
      actor: 'test',
    }).then(async ({ user: row }) => {
      await server.services.store.rights.setUserRoles(row.id, roleIds);
      await server.services.rights.reload();
      return row;
    });
  // Every test starts with only the administrator logged in.
  const endAllButAdmin = async () => {
    const adminId = (await server.services.store.users.byName('admin'))?.id;
    for (const row of await server.services.store.users.list()) {
      if (row.id !== adminId) await server.services.sessions.endAllOfUser(row.id, 'logout');
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    const first = server.services.domain.pvGroups[0];
    if (first === undefined) throw new Error('the test plant has no PV groups');
    group = first.id;
    areaRole = await createTestRole(server, 'area-reader', ['read'], {
      allStations: false,
      stations: [],
      pvGroups: [group],
    });
    for (let i = 1; i <= 8; i++) await user(`plant${i}`, [server.services.rights.roles()[0]?.id ?? 0]);
    for (let i = 1; i <= 6; i++) await user(`area${i}`, [areaRole]);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await endAllButAdmin();
    await setLimits({ maxActiveUsers: 100, maxPvGroupLogins: 100 });
  });

  it('refuses a login beyond the active users with licenseExceeded; a logged-in user may log in again', async () => {
    await setLimits({ maxActiveUsers: 2, maxPvGroupLogins: 100 });
    expect((await tryLogin('plant1')).status).toBe(200);
    const refused = await tryLogin('plant2');
    expect(refused).toMatchObject({ status: 403, code: 'licenseExceeded' });
    expect(refused.cookie.some((c) => c.startsWith('lw_session='))).toBe(false);
    // A second session of an active user is no further user.
    expect((await tryLogin('plant1')).status).toBe(200);
    expect(await use()).toMatchObject({ maxActiveUsers: 2, loggedInUsers: 2 });
    const [row] = await server.services.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'login.refused')
      .where('object', '=', 'user:plant2')
      .execute();
    expect(JSON.parse(row?.detail ?? '{}')).toEqual({ reason: 'licenseExceeded', limit: 'activeUsers' });
    // Once plant1 is gone, plant2 may come.
    await endAllButAdmin();
    expect((await tryLogin('plant2')).status).toBe(200);
  });

  it('lets concurrent logins together take exactly the free places of the active users', async () => {
    await setLimits({ maxActiveUsers: 4, maxPvGroupLogins: 100 });
    const results = await Promise.all(
      ['plant1', 'plant2', 'plant3', 'plant4', 'plant5', 'plant6', 'plant7', 'plant8'].map((u) =>
        tryLogin(u),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 403, 403]);
    expect(results.filter((r) => r.status === 403).every((r) => r.code === 'licenseExceeded')).toBe(true);
    expect((await use()).loggedInUsers).toBe(4);
  });

  it('counts logins per assigned PV group, also several of one user, and concurrent ones within the limit', async () => {
    await setLimits({ maxActiveUsers: 100, maxPvGroupLogins: 2 });
    expect((await tryLogin('area1')).status).toBe(200);
    expect((await tryLogin('area1')).status).toBe(200);
    expect(await tryLogin('area2')).toMatchObject({ status: 403, code: 'licenseExceeded' });
    // A plant-wide user is not counted per area.
    expect((await tryLogin('plant1')).status).toBe(200);
    const now = await use();
    expect(now.pvGroups).toEqual([
      { id: group, name: server.services.domain.pvGroups[0]?.name ?? null, logins: 2 },
    ]);

    await endAllButAdmin();
    await setLimits({ maxActiveUsers: 100, maxPvGroupLogins: 3 });
    const results = await Promise.all(
      ['area1', 'area2', 'area3', 'area4', 'area5', 'area6'].map((u) => tryLogin(u)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.code === 'licenseExceeded')).toHaveLength(3);
    expect((await use()).pvGroups[0]?.logins).toBe(3);
  });

  it('refuses creating or enabling a user beyond the active users and changes nothing', async () => {
    const enabled = (await use()).enabledUsers;
    await setLimits({ maxActiveUsers: enabled, maxPvGroupLogins: 100 });
    const before = (await server.services.store.users.list()).length;
    const created = await call(admin, 'POST', '/api/admin/users', {
      username: 'one.more',
      displayName: 'One More',
      roleIds: [areaRole],
    });
    expect(created.status).toBe(409);
    expect(await created.json()).toMatchObject({ code: 'licenseActiveUsers' });
    expect((await server.services.store.users.list()).length).toBe(before);

    const target = await server.services.store.users.byName('plant8');
    const id = target?.id ?? 0;
    expect((await call(admin, 'POST', `/api/admin/users/${id}/disable`)).status).toBe(200);
    // The freed place is taken by another (enabled directly in the store, as a second administrator would).
    const other = await user('late.comer', [areaRole]);
    expect((await use()).enabledUsers).toBe(enabled);
    const enable = await call(admin, 'POST', `/api/admin/users/${id}/enable`);
    expect(enable.status).toBe(409);
    expect(await enable.json()).toMatchObject({ code: 'licenseActiveUsers' });
    expect((await server.services.store.users.byId(id))?.disabled).toBe(1);
    const refusals = await server.services.store.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['user.create.refused', 'user.enable.refused'])
      .execute();
    expect(refusals.map((r) => r.action).sort()).toEqual(['user.create.refused', 'user.enable.refused']);

    await setLimits({ maxActiveUsers: enabled + 1, maxPvGroupLogins: 100 });
    expect((await call(admin, 'POST', `/api/admin/users/${id}/enable`)).status).toBe(200);
    await server.services.store.users.setDisabled(other.id, true, Date.now());
  });

  it('shows the use only to administrators', async () => {
    const viewer = await server.loginWithToken('area1', TEST_USER_PASSWORD);
    expect((await call(viewer, 'GET', '/api/admin/license-use')).status).toBe(403);
    const seen = await use();
    expect(seen.loggedInUsers).toBe(2);
    expect(seen.enabledUsers).toBe(
      (await server.services.store.users.list()).filter((u) => !u.disabled).length,
    );
  });
});
