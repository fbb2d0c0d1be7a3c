import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  deleteRole,
  getRoles,
  getUsers,
  setUserRoles,
  updateRole,
} from '../../packages/web/src/api/admin-rights';
import { ApiError } from '../../packages/web/src/api/http';
import {
  changePassword,
  getRights,
  getUserInfo,
  renewLease,
} from '../../packages/web/src/api/user-management';
import { openApiSession, type ApiSession } from './support/api-session';

const scopeOf = (stations: number[]) => ({ allStations: false, stations, pvGroups: [] });

describe('user and rights calls of the web client against the server', () => {
  let api: ApiSession;
  beforeAll(async () => {
    api = await openApiSession();
  });
  afterAll(() => api.close());

  it('reads the user, its rights and renews the lease', async () => {
    await api.asAdmin();
    expect((await getUserInfo()).username).toBe('admin');
    const rights = await getRights();
    expect(rights.roles).toEqual(['administrator']);
    expect(rights.grants.find((g) => g.right === 'manageUsers')?.scope.allStations).toBe(true);
    expect((await renewLease()).idleTimeoutMs).toBe(api.server.config.sessionIdleMs);
  });

  it('changes the password, and answers the policy refusal and the network failure', async () => {
    await api.as('kontrakt', 'viewer');
    const refused = await changePassword({ oldPassword: 'x', newPassword: 'kurz', newConfirmation: 'kurz' });
    expect(refused).toMatchObject({ status: 'Failed', issues: ['oldPasswordWrong', 'policy'] });
    const done = await changePassword({
      oldPassword: 'User-Test-Password-1',
      newPassword: 'Kontrakt-Passwort-9',
      newConfirmation: 'Kontrakt-Passwort-9',
    });
    expect(done.status).toBe('Success');
    api.offline();
    try {
      const offline = await changePassword({ oldPassword: 'a', newPassword: 'b', newConfirmation: 'b' });
      expect(offline.status).toBe('Failed');
      expect(offline.errorMessage).toMatch(/^Netzwerkfehler: ./);
    } finally {
      api.online();
    }
  });

  it('manages roles and the roles of users as an administrator', async () => {
    await api.asAdmin();
    const { roles, rightNames } = await getRoles();
    expect(roles.map((r) => r.name)).toEqual(['administrator', 'operator', 'maintenance', 'viewer']);
    expect(rightNames).toContain('dial');
    const role = await createRole({
      name: 'Pumpwerk',
      description: '',
      rights: ['read', 'dial'],
      scope: scopeOf([2]),
    });
    const renamed = await updateRole(role.id, {
      name: 'Pumpwerk Süd',
      description: 'Station 2',
      rights: role.rights,
      scope: role.scope,
    });
    expect(renamed).toMatchObject({ name: 'Pumpwerk Süd', rights: ['read', 'dial'] });
    const user = (await getUsers()).find((u) => u.username === 'gast')!;
    await setUserRoles(user.id, [role.id]);
    expect((await getUsers()).find((u) => u.username === 'gast')?.roleIds).toEqual([role.id]);
    await expect(
      createRole({ name: 'Pumpwerk Süd', description: '', rights: [], scope: scopeOf([]) }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'roleExists',
    });
    await deleteRole(role.id);
    expect((await getRoles()).roles.some((r) => r.id === role.id)).toBe(false);
  });

  it('is refused role management without the right, and a lost session asks for the logout page', async () => {
    await api.as('nurlesen', 'viewer');
    await expect(getRoles()).rejects.toBeInstanceOf(ApiError);
    await expect(getUsers()).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    const { userId } = await api.as('abgemeldet', 'viewer');
    const before = api.unauthorizedCount;
    await api.server.services.sessions.endAllOfUser(userId, 'logout');
    await expect(getRights()).rejects.toMatchObject({ status: 401 });
    expect(api.unauthorizedCount).toBe(before + 1);
  });
});
