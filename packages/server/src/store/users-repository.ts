import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from './schema.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  username: string;
  displayName: string;
  passwordHash: string;
  role: string;
  language?: string;
}

export interface UsersRepository {
  count(): Promise<number>;
  byName(username: string): Promise<UserRow | undefined>;
  byId(id: number): Promise<UserRow | undefined>;
  list(): Promise<UserRow[]>;
  insert(user: NewUser, now: number): Promise<UserRow>;
  setPassword(id: number, passwordHash: string, now: number): Promise<void>;
  setDisabled(id: number, disabled: boolean, now: number): Promise<void>;
  /** Records a failed login; returns the new count of consecutive failures. */
  recordFailure(id: number, now: number): Promise<number>;
  lockUntil(id: number, until: number, now: number): Promise<void>;
  clearFailures(id: number, now: number): Promise<void>;
  /** Starts an enrolment: a new secret, not yet on (a running second factor is left alone). */
  startTotpEnrolment(id: number, secret: string, now: number): Promise<boolean>;
  /** Switches the second factor on with the recovery code hashes and the step of the first code. */
  enableTotp(id: number, recoveryHashes: string[], step: number, now: number): Promise<void>;
  /** Switches it off and forgets the secret and the recovery codes. */
  disableTotp(id: number, now: number): Promise<void>;
  /** Records the step of a used code; false when that step (or a later one) was used already. */
  claimTotpStep(id: number, step: number, now: number): Promise<boolean>;
  /** Replaces the recovery code hashes if they are still `expected`; false when another login won. */
  replaceRecoveryCodes(id: number, expected: string, next: string[], now: number): Promise<boolean>;
}

export function createUsersRepository(db: Kysely<Database>): UsersRepository {
  const byId = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return {
    async count() {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    byName: (username) =>
      db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst(),
    byId,
    list: () => db.selectFrom('users').selectAll().orderBy('username').execute(),
    async insert(user, now) {
      const row = await db
        .insertInto('users')
        .values({
          username: user.username,
          display_name: user.displayName,
          password_hash: user.passwordHash,
          role: user.role,
          language: user.language ?? 'de',
          disabled: 0,
          failed_logins: 0,
          locked_until: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },
    async setPassword(id, passwordHash, now) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async setDisabled(id, disabled, now) {
      await db
        .updateTable('users')
        .set({ disabled: disabled ? 1 : 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async recordFailure(id, now) {
      const row = await db
        .updateTable('users')
        .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .returning('failed_logins')
        .executeTakeFirst();
      return row?.failed_logins ?? 0;
    },
    async lockUntil(id, until, now) {
      await db
        .updateTable('users')
        .set({ locked_until: until, failed_logins: 0, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async clearFailures(id, now) {
      await db
        .updateTable('users')
        .set({ failed_logins: 0, locked_until: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async startTotpEnrolment(id, secret, now) {
      const result = await db
        .updateTable('users')
        .set({ totp_secret: secret, totp_last_step: null, updated_at: now })
        .where('id', '=', id)
        .where('totp_enabled', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async enableTotp(id, recoveryHashes, step, now) {
      await db
        .updateTable('users')
        .set({
          totp_enabled: 1,
          recovery_codes: JSON.stringify(recoveryHashes),
          totp_last_step: step,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async disableTotp(id, now) {
      await db
        .updateTable('users')
        .set({
          totp_enabled: 0,
          totp_secret: null,
          recovery_codes: '[]',
          totp_last_step: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async claimTotpStep(id, step, now) {
      // One conditional update: two logins racing with the same code cannot both win.
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step, updated_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async replaceRecoveryCodes(id, expected, next, now) {
      const result = await db
        .updateTable('users')
        .set({ recovery_codes: JSON.stringify(next), updated_at: now })
        .where('id', '=', id)
        .where('recovery_codes', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
