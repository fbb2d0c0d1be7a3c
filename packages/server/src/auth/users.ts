import type { Store, UserRow } from '../store/index.js';
import { hashPassword, randomPassword } from './passwords.js';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/** A user-management request the store must refuse; the message says why. */
export class UserInputError extends Error {}

function checkUsername(username: string): void {
  if (!USERNAME.test(username)) {
    throw new UserInputError(`invalid user name "${username}": 1–64 letters, digits, . _ @ -`);
  }
}

/** The id of the role with this name (built-in or made by an administrator). */
async function roleId(store: Store, role: string): Promise<number> {
  const roles = await store.rights.roles();
  const found = roles.find((r) => r.name === role);
  if (found === undefined) {
    throw new UserInputError(`unknown role "${role}": one of ${roles.map((r) => r.name).join(', ')}`);
  }
  return found.id;
}

function checkPassword(password: string): void {
  if (password.length < 8) throw new UserInputError('the password must have at least 8 characters');
}

export interface AddUserInput {
  username: string;
  role: string;
  password?: string | null;
  displayName?: string;
  actor: string;
}

/** Creates a user; without a password a random one is made and returned (to show once). */
export async function addUser(store: Store, input: AddUserInput, now = Date.now()) {
  checkUsername(input.username);
  const role = await roleId(store, input.role);
  if (await store.users.byName(input.username)) throw new UserInputError(`user "${input.username}" exists`);
  const password = input.password ?? randomPassword();
  checkPassword(password);
  const user = await store.users.insert(
    {
      username: input.username,
      displayName: input.displayName ?? input.username,
      passwordHash: await hashPassword(password),
      role: input.role,
    },
    now,
  );
  await store.rights.setUserRoles(user.id, [role]);
  await store.audit.append({
    at: now,
    userId: null,
    username: input.actor,
    action: 'user.create',
    object: `user:${user.username}`,
    newValue: user.role,
  });
  return { user, password, generated: input.password == null };
}

/** Sets a new password (random when none is given); the caller ends the user's sessions. */
export async function resetPassword(
  store: Store,
  username: string,
  password: string | null,
  actor: string,
  now = Date.now(),
): Promise<{ user: UserRow; password: string; generated: boolean }> {
  const user = await store.users.byName(username);
  if (user === undefined) throw new UserInputError(`no user "${username}"`);
  const next = password ?? randomPassword();
  checkPassword(next);
  await store.users.setPassword(user.id, await hashPassword(next), now);
  await store.audit.append({
    at: now,
    userId: null,
    username: actor,
    action: 'user.password-reset',
    object: `user:${username}`,
  });
  return { user, password: next, generated: password === null };
}

/** A user the plant ships (users.json beside the plant definition): one per role of the demo. */
export interface PlantUser {
  username: string;
  displayName: string;
  role: string;
}

/** A user created at the first start; the password only when it was generated (to print once). */
export interface BootstrappedUser {
  username: string;
  role: string;
  password: string | null;
}

/**
 * On an empty store, creates the administrator and the plant's users, so a fresh demo can be
 * tried in every role. Without a configured password each gets a random one, printed once.
 */
export async function bootstrapUsers(
  store: Store,
  adminPassword: string | null,
  plantUsers: readonly PlantUser[],
  plantUsersPassword: string | null,
): Promise<BootstrappedUser[]> {
  const admin = await bootstrapAdmin(store, adminPassword);
  if (admin === null) return [];
  const created: BootstrappedUser[] = [{ ...admin, role: 'administrator' }];
  for (const user of plantUsers) {
    const { password, generated } = await addUser(store, {
      ...user,
      password: plantUsersPassword,
      actor: 'bootstrap',
    });
    created.push({ username: user.username, role: user.role, password: generated ? password : null });
  }
  return created;
}

/**
 * On an empty store, creates the administrator `admin` with LEITWARTE_ADMIN_PASSWORD or, when
 * that is unset, a random password the caller prints once.
 */
export async function bootstrapAdmin(store: Store, adminPassword: string | null) {
  if ((await store.users.count()) > 0) return null;
  const { password, generated } = await addUser(store, {
    username: 'admin',
    role: 'administrator',
    password: adminPassword,
    displayName: 'Administrator',
    actor: 'bootstrap',
  });
  return { username: 'admin', password: generated ? password : null };
}
