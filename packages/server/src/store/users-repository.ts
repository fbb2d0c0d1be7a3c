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
  };
}
