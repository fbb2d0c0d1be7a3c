import type { Kysely } from 'kysely';

/**
 * Spans in which the historian recorded nothing although it should have: the server was not
 * running (series_id 0: every series), or a reading was Bad (that series). Charts draw them as
 * gaps; without them a line ran straight across, as if the values had moved that way.
 */
export const historyGapsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('history_gap')
      .addColumn('series_id', 'integer', (c) => c.notNull())
      .addColumn('from_t', 'bigint', (c) => c.notNull())
      .addColumn('to_t', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('history_gap_pk', ['series_id', 'from_t'])
      .execute();
  },
};
