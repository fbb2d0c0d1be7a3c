import type { Kysely } from 'kysely';

/**
 * Dashboards made and changed in the editor: a version counted up by every save (a save names
 * the version it started from, so one that missed another's save is refused), who made the
 * dashboard, and who saved it last and when. Plant dashboards keep their seed key; a dashboard
 * without one was made in the editor.
 */
export const dashboardEditingMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('dashboards')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('dashboards').addColumn('created_by', 'text').execute();
    await db.schema.alterTable('dashboards').addColumn('updated_at', 'bigint').execute();
    await db.schema.alterTable('dashboards').addColumn('updated_by', 'text').execute();
  },
};
