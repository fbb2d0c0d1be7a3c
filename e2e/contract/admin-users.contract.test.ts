import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRoles, getUsers } from '../../packages/web/src/api/admin-rights';
import {
  createUser,
  disableUser,
  enableUser,
  getScopePvGroups,
  getUser,
  resetUserPassword,
  updateUser,
} from '../../packages/web/src/api/admin-users';
import { ApiError, NetworkError } from '../../packages/web/src/api/http';
import { openApiSession, type ApiSession } from './support/api-session';

describe('user administration calls of the web client against the server', () => {
  let api: ApiSession;
  beforeAll(async () => {
    api = await openApiSession();
  });
  afterAll(() => api.close());

  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, code: (error as ApiError).code };
  };

  it('creates, reads, changes, disables, enables and resets a user', async () => {
    await api.asAdmin();
    const { roles } = await getRoles();
    const viewer = roles.find((r) => r.name === 'viewer')!;
    const created = await createUser({ username: 'vertrag', displayName: 'Vertrag', roleIds: [viewer.id] });
    expect(created.password).toMatch(/^\S{20}$/);
    expect(await getUser(created.user.id)).toMatchObject({ username: 'vertrag', roleIds: [viewer.id] });
    expect((await getUsers()).find((u) => u.username === 'vertrag')).toMatchObject({ secondFactor: false });
    expect(await updateUser(created.user.id, { language: 'ru' })).toMatchObject({ language: 'ru' });
    expect((await disableUser(created.user.id)).disabled).toBe(true);
    expect((await enableUser(created.user.id)).disabled).toBe(false);
    expect((await resetUserPassword(created.user.id)).password).toMatch(/^\S{20}$/);
    expect((await resetUserPassword(created.user.id, 'Vertrag-Passwort-1')).password).toBeNull();
    expect(Array.isArray(await getScopePvGroups())).toBe(true);
  });

  it('answers refusals with their codes and network failures as such', async () => {
    await api.asAdmin();
    const self = (await getUsers()).find((u) => u.username === 'admin')!;
    expect(await refusal(disableUser(self.id))).toEqual({ status: 409, code: 'selfDisable' });
    expect(await refusal(createUser({ username: 'gast', displayName: 'x', roleIds: [] }))).toEqual({
      status: 409,
      code: 'userExists',
    });
    expect(await refusal(getUser(999_999))).toEqual({ status: 404, code: 'unknownUser' });
    await api.as('ohne.recht', 'operator');
    expect(await refusal(disableUser(self.id))).toEqual({ status: 403, code: 'forbidden' });
    api.offline();
    try {
      await expect(getUser(self.id)).rejects.toBeInstanceOf(NetworkError);
    } finally {
      api.online();
    }
  });
});
