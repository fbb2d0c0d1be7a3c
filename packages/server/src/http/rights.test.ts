import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EffectiveRights, PvAllItem, Role } from '@leitwarte/core';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import {
  startTestServer,
  TEST_PLANT_USERS_PASSWORD,
  type LoggedIn,
  type TestServer,
} from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';
import { callApi } from '../test-support/api-call.js';

describe.each(BOTH_DIALECTS)('rights and roles (%s)', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;

  const call = (session: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, session, method, path, body);
  const auditActions = async () =>
    (await server.services.store.db.selectFrom('audit_log').select(['action', 'username']).execute()).map(
      (r) => `${r.username}:${r.action}`,
    );
  const roleInput = (name: string, stations: number[]) => ({
    name,
    description: 'Nur Station',
    rights: ['read', 'writeValues'],
    scope: { allStations: false, stations, pvGroups: [] },
  });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it('ships a user for each role, and each sees the rights of its role', async () => {
    const rightsOf = async (username: string) => {
      const session = await server.loginWithToken(username, TEST_PLANT_USERS_PASSWORD);
      const rights = (await (
        await call(session, 'GET', '/api/UserManagement/rights')
      ).json()) as EffectiveRights;
      return { roles: rights.roles, rights: rights.grants.map((g) => g.right).sort() };
    };
    expect(await rightsOf('gast')).toEqual({ roles: ['viewer'], rights: ['read'] });
    const operator = await rightsOf('betrieb');
    expect(operator.roles).toEqual(['operator']);
    expect(operator.rights).toContain('writeValues');
    expect(operator.rights).not.toContain('manageUsers');
    expect((await rightsOf('instandhaltung')).rights).toEqual([
      'editAnnotations',
      'editMaintenance',
      'read',
      'upload',
    ]);
    const adminRights = (await (
      await call(admin, 'GET', '/api/UserManagement/rights')
    ).json()) as EffectiveRights;
    expect(adminRights.grants.map((g) => g.right)).toContain('manageUsers');
  });

  it('refuses role management without manageUsers, audits the attempt and changes nothing', async () => {
    const operator = await server.loginWithToken('betrieb', TEST_PLANT_USERS_PASSWORD);
    const before = server.services.rights.roles().length;
    const reply = await call(operator, 'POST', '/api/admin/roles', roleInput('Versuch', [1]));
    expect(reply.status).toBe(403);
    expect(((await reply.json()) as { code: string }).code).toBe('forbidden');
    expect(server.services.rights.roles()).toHaveLength(before);
    expect(await auditActions()).toContain('betrieb:access.refused');
    expect((await call(operator, 'GET', '/api/admin/users')).status).toBe(403);
  });

  it('scopes a role to one station: reads and rights follow at once', async () => {
    const created = await call(admin, 'POST', '/api/admin/roles', roleInput('Station 1', [1]));
    expect(created.status).toBe(200);
    const role = (await created.json()) as Role;
    expect(role).toMatchObject({ name: 'Station 1', builtIn: false, scope: { stations: [1] } });

    const user = await loginAsNewUser(server, 'schicht1', 'viewer');
    expect(
      (await call(admin, 'PUT', `/api/admin/users/${user.userId}/roles`, { roleIds: [role.id] })).status,
    ).toBe(204);
    const pvs = (await (await call(user, 'GET', '/api/Pv/all')).json()) as PvAllItem[];
    expect(pvs.length).toBeGreaterThan(0);
    expect(new Set(pvs.map((p) => server.services.plant.stationOf(p.config.pvRef)))).toEqual(new Set([1]));
    const rights = (await (await call(user, 'GET', '/api/UserManagement/rights')).json()) as EffectiveRights;
    expect(rights.grants).toContainEqual({
      right: 'writeValues',
      scope: { allStations: false, stations: [1], pvGroups: [] },
    });
    expect(await auditActions()).toEqual(expect.arrayContaining(['admin:role.create', 'admin:user.roles']));
  });

  it('refuses bad role changes with the reason and changes nothing', async () => {
    const roles = () => server.services.rights.roles().map((r) => `${r.name}:${r.rights.length}`);
    const before = roles();
    const expectRefused = async (
      method: string,
      path: string,
      body: unknown,
      status: number,
      code?: string,
    ) => {
      const reply = await call(admin, method, path, body);
      expect(reply.status).toBe(status);
      if (code !== undefined) expect(((await reply.json()) as { code: string }).code).toBe(code);
    };
    await expectRefused('POST', '/api/admin/roles', roleInput('Unbekannt', [999]), 400, 'unknownStation');
    await expectRefused('POST', '/api/admin/roles', roleInput('viewer', [1]), 409, 'roleExists');
    await expectRefused('POST', '/api/admin/roles', { ...roleInput('X', [1]), rights: ['fly'] }, 400);
    await expectRefused('POST', '/api/admin/roles', { ...roleInput('X', [1]), extra: 1 }, 400);
    const viewer = server.services.rights.roles().find((r) => r.name === 'viewer')!;
    await expectRefused(
      'PATCH',
      `/api/admin/roles/${viewer.id}`,
      roleInput('leser', [1]),
      400,
      'builtInRole',
    );
    await expectRefused('DELETE', `/api/admin/roles/${viewer.id}`, undefined, 400, 'builtInRole');
    await expectRefused('DELETE', '/api/admin/roles/99999', undefined, 404, 'unknownRole');
    // The administrator is the only one who manages users: taking the role away would lock everyone out.
    const adminId = (await server.services.store.users.byName('admin'))!.id;
    await expectRefused('PUT', `/api/admin/users/${adminId}/roles`, { roleIds: [] }, 409, 'lastUserManager');
    const administrator = server.services.rights.roles().find((r) => r.name === 'administrator')!;
    await expectRefused(
      'PATCH',
      `/api/admin/roles/${administrator.id}`,
      { name: 'administrator', description: '', rights: ['read'], scope: administrator.scope },
      409,
      'lastUserManager',
    );
    expect(roles()).toEqual(before);
    expect(server.services.rights.has({ userId: adminId }, 'manageUsers')).toBe(true);
  });

  it('changes the own password only under the policy, with the old password', async () => {
    const user = await loginAsNewUser(server, 'pwuser', 'viewer');
    const change = (body: object) => call(user, 'POST', '/api/UserManagement/change-password', body);
    const refused = (await (
      await change({ oldPassword: 'falsch', newPassword: 'kurz', newConfirmation: 'anders' })
    ).json()) as { status: string; issues: string[] };
    expect(refused).toMatchObject({
      status: 'Failed',
      issues: ['oldPasswordWrong', 'policy', 'confirmationMismatch'],
    });
    const ok = (await (
      await change({
        oldPassword: 'User-Test-Password-1',
        newPassword: 'Neues-Passwort-2026',
        newConfirmation: 'Neues-Passwort-2026',
      })
    ).json()) as { status: string };
    expect(ok.status).toBe('Success');
    await expect(server.loginWithToken('pwuser', 'User-Test-Password-1')).rejects.toThrow(/401/);
    await server.loginWithToken('pwuser', 'Neues-Passwort-2026');
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['pwuser:user.password-change.refused', 'pwuser:user.password-change']),
    );
  });
});
