import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Reports: the row length of day reports (hour or quarter hour; null is hour), each user's export
 * defaults, scheduled exports and their runs — one run per export and period, so a period is
 * exported once even when the server restarts.
 */
export function reportExportsMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('report_configs').addColumn('resolution', 'text').execute();
      await db.schema
        .createTable('report_export_settings')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('report_scheduled_exports')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('config_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('time_of_day', 'text', (c) => c.notNull())
        .addColumn('folder', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('report_export_runs')
        .addColumn('export_id', 'bigint', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('ran_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_export_runs_pk', ['export_id', 'period'])
        .execute();
    },
  };
}
