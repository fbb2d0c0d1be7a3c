import { sql, type Kysely } from 'kysely';

/**
 * The historian's packed sample days (SQLite history file only; see sample-days.ts): one row
 * per series and closed UTC day. Existing history is packed by the historian in the background.
 */
export const sampleDaysMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('history_sample_day')
      .addColumn('series_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('samples', 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('history_sample_day_pk', ['series_id', 'day'])
      .modifyEnd(sql`without rowid`)
      .execute();
  },
};
