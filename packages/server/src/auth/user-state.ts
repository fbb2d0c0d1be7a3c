import type { Store, UserRow } from '../store/index.js';
import { auditUserChange, userById, type AccountActor } from './users.js';

/** Disables or enables a user; disabling ends the user's sessions at once. Unchanged → false. */
export async function setUserDisabled(
  store: Store,
  user: UserRow,
  disabled: boolean,
  actor: AccountActor,
  endSessions: (userId: number) => Promise<unknown>,
  now = Date.now(),
): Promise<boolean> {
  if ((user.disabled === 1) === disabled) return false;
  await store.users.setDisabled(user.id, disabled, now);
  if (disabled) await endSessions(user.id);
  await auditUserChange(store, actor, disabled ? 'user.disable' : 'user.enable', user, {
    oldValue: disabled ? 'enabled' : 'disabled',
    newValue: disabled ? 'disabled' : 'enabled',
    at: now,
  });
  return true;
}

/** Changes the display name and the language of the user's screens (old → new in the audit). */
export async function updateUserProfile(
  store: Store,
  user: UserRow,
  change: { displayName?: string; language?: string },
  actor: AccountActor,
  now = Date.now(),
): Promise<UserRow> {
  const before = { displayName: user.display_name, language: user.language };
  const after = {
    displayName: change.displayName ?? before.displayName,
    language: change.language ?? before.language,
  };
  await store.db
    .updateTable('users')
    .set({ display_name: after.displayName, language: after.language, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  await auditUserChange(store, actor, 'user.update', user, {
    oldValue: JSON.stringify(before),
    newValue: JSON.stringify(after),
    at: now,
  });
  return userById(store, user.id);
}

/** Whether a user is locked out at `now` (too many failed logins). */
export const isLockedOut = (user: Pick<UserRow, 'locked_until'>, now = Date.now()) =>
  user.locked_until !== null && user.locked_until > now;

/**
 * Ends a lockout early and clears the count of failed logins (an administrator who has made
 * sure the owner is at the keyboard). Audited with the lock's end as old value. Nothing to
 * unlock (no lock and no failures) → false, and nothing is written.
 */
export async function unlockUser(
  store: Store,
  user: UserRow,
  actor: AccountActor,
  now = Date.now(),
): Promise<boolean> {
  if (!isLockedOut(user, now) && user.failed_logins === 0) return false;
  await store.users.clearFailures(user.id, now);
  await auditUserChange(store, actor, 'user.unlock', user, {
    oldValue: isLockedOut(user, now)
      ? `locked until ${new Date(user.locked_until ?? 0).toISOString()}`
      : `${user.failed_logins} failed logins`,
    newValue: 'unlocked',
    at: now,
  });
  return true;
}
