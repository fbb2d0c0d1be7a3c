import type { AuthSource } from '@leitwarte/core';
import type { Store, UserRow } from '../store/index.js';
import { hashPassword, randomPassword } from './passwords.js';

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

/**
 * A user-management request the store must refuse; the message says why, `code` is the
 * catalogue's reason and `status` the HTTP status a route answers with.
 */
export class UserInputError extends Error {
  constructor(
    message: string,
    readonly code = 'invalidInput',
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** Who changes a user: a logged-in administrator, or a name such as 'command line' or 'bootstrap'. */
export type AccountActor = string | { userId: number; username: string; remoteAddress?: string | null };

/** One audit row of a change of a user, naming the actor (old → new). */
export async function auditUserChange(
  store: Store,
  actor: AccountActor,
  action: string,
  user: Pick<UserRow, 'username'>,
  change: { oldValue?: string | null; newValue?: string | null; at?: number } = {},
) {
  const who = typeof actor === 'string' ? { userId: null, username: actor, remoteAddress: null } : actor;
  await store.audit.append({
    at: change.at ?? Date.now(),
    userId: who.userId,
    username: who.username,
    action,
    object: `user:${user.username}`,
    oldValue: change.oldValue ?? null,
    newValue: change.newValue ?? null,
    remoteAddress: who.remoteAddress ?? null,
  });
}

function checkUsername(username: string): void {
  if (!USERNAME.test(username)) {
    throw new UserInputError(
      `invalid user name "${username}": 1–64 letters, digits, . _ @ -`,
      'invalidUsername',
    );
  }
}

/** The id of the role with this name (built-in or made by an administrator). */
async function roleId(store: Store, role: string): Promise<number> {
  const roles = await store.rights.roles();
  const found = roles.find((r) => r.name === role);
  if (found === undefined) {
    throw new UserInputError(
      `unknown role "${role}": one of ${roles.map((r) => r.name).join(', ')}`,
      'unknownRole',
    );
  }
  return found.id;
}

function checkPassword(password: string): void {
  if (password.length < 8) {
    throw new UserInputError('the password must have at least 8 characters', 'passwordPolicy');
  }
}

/** The user or a 404 refusal. */
export async function userById(store: Store, id: number): Promise<UserRow> {
  const user = await store.users.byId(id);
  if (user === undefined) throw new UserInputError(`no user ${id}`, 'unknownUser', 404);
  return user;
}

export interface CreateUserInput {
  username: string;
  roleIds: readonly number[];
  password?: string | null;
  displayName?: string;
  authSource?: AuthSource;
  actor: AccountActor;
}

/**
 * Creates a user with these roles. A local user without a password gets a random one, returned
 * to show once; a domain user logs in against the directory, so its own password stays unknown.
 */
export async function createUser(store: Store, input: CreateUserInput, now = Date.now()) {
  checkUsername(input.username);
  const authSource = input.authSource ?? 'local';
  const roles = await store.rights.roles();
  const names = input.roleIds.map((id) => {
    const role = roles.find((r) => r.id === id);
    if (role === undefined) throw new UserInputError(`unknown role ${id}`, 'unknownRole');
    return role.name;
  });
  if (authSource === 'domain' && input.password != null) {
    throw new UserInputError('a domain user has no password here', 'domainUser');
  }
  if (await store.users.byName(input.username)) {
    throw new UserInputError(`user "${input.username}" exists`, 'userExists', 409);
  }
  const password = input.password ?? randomPassword();
  checkPassword(password);
  const inserted = await store.users.insert(
    {
      username: input.username,
      displayName: input.displayName ?? input.username,
      passwordHash: await hashPassword(password),
      // The legacy single role: the first of the user's roles names it.
      role: names[0] ?? '',
    },
    now,
  );
  if (authSource !== 'local') {
    await store.db
      .updateTable('users')
      .set({ auth_source: authSource })
      .where('id', '=', inserted.id)
      .execute();
  }
  const user = await userById(store, inserted.id);
  await store.rights.setUserRoles(user.id, input.roleIds);
  await auditUserChange(store, input.actor, 'user.create', user, {
    newValue: JSON.stringify({ displayName: user.display_name, roles: names, authSource }),
    at: now,
  });
  const generated = input.password == null && authSource === 'local';
  return { user, password, generated };
}

export interface AddUserInput {
  username: string;
  role: string;
  password?: string | null;
  displayName?: string;
  actor: AccountActor;
}

/** Creates a user of one role (by name); without a password a random one is made and returned. */
export async function addUser(store: Store, input: AddUserInput, now = Date.now()) {
  checkUsername(input.username);
  return createUser(store, { ...input, roleIds: [await roleId(store, input.role)] }, now);
}

/**
 * Sets a new password (random when none is given); the caller ends the user's sessions. A
 * domain user's password is changed in the directory, not here.
 */
export async function resetPassword(
  store: Store,
  username: string,
  password: string | null,
  actor: AccountActor,
  now = Date.now(),
): Promise<{ user: UserRow; password: string; generated: boolean }> {
  const user = await store.users.byName(username);
  if (user === undefined) throw new UserInputError(`no user "${username}"`, 'unknownUser', 404);
  if (user.auth_source === 'domain') {
    throw new UserInputError(`"${username}" changes the password in the domain`, 'domainUser', 409);
  }
  const next = password ?? randomPassword();
  checkPassword(next);
  await store.users.setPassword(user.id, await hashPassword(next), now);
  await auditUserChange(store, actor, 'user.password-reset', user, { at: now });
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
