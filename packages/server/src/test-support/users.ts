import type { RightName, RightScope } from '@leitwarte/core';
import { addUser } from '../auth/users.js';
import type { LoggedIn, TestServer } from './test-server.js';

export const TEST_USER_PASSWORD = 'User-Test-Password-1';

/**
 * A user of a built-in role (administrator, operator, maintenance, viewer) or of a role made
 * for the test, logged in through the real login calls.
 */
export async function loginAsNewUser(
  server: TestServer,
  username: string,
  role: string,
): Promise<LoggedIn & { userId: number }> {
  const { user } = await addUser(server.services.store, {
    username,
    role,
    password: TEST_USER_PASSWORD,
    actor: 'test',
  });
  await server.services.rights.reload();
  return { ...(await server.loginWithToken(username, TEST_USER_PASSWORD)), userId: user.id };
}

/** A role with exactly these rights in this scope (default: every station). */
export async function createTestRole(
  server: TestServer,
  name: string,
  rights: RightName[],
  scope: RightScope = { allStations: true, stations: [], pvGroups: [] },
): Promise<number> {
  const role = await server.services.store.rights.createRole({ name, description: name, rights, scope });
  await server.services.rights.reload();
  return role.id;
}
