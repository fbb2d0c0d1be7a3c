import { sql, type Kysely } from 'kysely';

/**
 * The tiles of the packed sample days (sample-days.ts): where each quarter hour of a day starts
 * and its extremes. Days packed before have none: they are dropped here and packed again by the
 * historian in the background, reads taking them from history_sample meanwhile.
 */
export const sampleTilesMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('history_sample_day').addColumn('tiles', 'blob').execute();
    await sql`delete from history_sample_day`.execute(db);
  },
};
