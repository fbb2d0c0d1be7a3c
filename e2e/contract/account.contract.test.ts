import { DOMAIN_PASSWORD_CHANGE_REFUSED } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../packages/web/src/api/http';
import { changePassword, getAccount } from '../../packages/web/src/api/user-management';
import { openApiSession, type ApiSession } from './support/api-session';

describe('own account calls of the web client against the server', () => {
  let api: ApiSession;
  beforeAll(async () => {
    api = await openApiSession();
  });
  afterAll(() => api.close());

  it('reads the own account', async () => {
    await api.as('konto-kontrakt', 'viewer');
    expect(await getAccount()).toEqual({
      username: 'konto-kontrakt',
      displayName: 'konto-kontrakt',
      language: 'de',
      authSource: 'local',
    });
  });

  it('answers the refusal for a user managed by a domain, and a lost session asks for the logout page', async () => {
    const { userId } = await api.as('konto-domaene', 'operator');
    await api.server.services.store.db
      .updateTable('users')
      .set({ auth_source: 'domain' })
      .where('id', '=', userId)
      .execute();
    expect((await getAccount()).authSource).toBe('domain');
    const refused = await changePassword({
      oldPassword: 'User-Test-Password-1',
      newPassword: 'Domaenen-Passwort-9',
      newConfirmation: 'Domaenen-Passwort-9',
    });
    expect(refused).toEqual({ status: 'Failed', errorMessage: DOMAIN_PASSWORD_CHANGE_REFUSED, issues: [] });

    await api.server.services.sessions.endAllOfUser(userId, 'logout');
    const before = api.unauthorizedCount;
    await expect(getAccount()).rejects.toBeInstanceOf(ApiError);
    expect(api.unauthorizedCount).toBe(before + 1);
  });
});
