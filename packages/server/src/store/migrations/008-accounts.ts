import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Account features: the second factor (TOTP secret, whether it is on, hashed one-time recovery
 * codes, the last time step used so a code works once) and where a user's password lives
 * (`local`, or `domain` for users managed by a directory, who change it there).
 */
export function accountsMigration(_dialect: StoreDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();
      await db.schema
        .alterTable('users')
        .addColumn('auth_source', 'text', (c) => c.notNull().defaultTo('local'))
        .execute();
    },
  };
}
