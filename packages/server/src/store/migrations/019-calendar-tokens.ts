import type { Kysely } from 'kysely';

/**
 * Maintenance calendar feed tokens: one per user, which a calendar program puts in the feed's
 * address because it cannot log in. Only the token's SHA-256 is kept; revoking deletes the row.
 */
export const calendarTokensMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('maintenance_calendar_tokens')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('maintenance_calendar_tokens').execute();
  },
};
