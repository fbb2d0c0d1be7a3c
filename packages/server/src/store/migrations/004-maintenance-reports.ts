import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Maintenance (service-message configs, descriptions, machine life cycle, data sheets), report
 * configs with their manual inputs, and the stormwater overflow events of the basins.
 */
export function maintenanceReportsMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const double = 'double precision';
  const table = (db: Kysely<unknown>, name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await table(db, 'maintenance_configs')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('message_type', 'text', (c) => c.notNull())
        .addColumn('delay_time', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('runtime_hours', double, (c) => c.notNull())
        .addColumn('runtime_dimension', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('maintenance_configs_pv_type', ['pv_type', 'pv_nr', 'message_type'])
        .execute();
      await table(db, 'maintenance_descriptions')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await table(db, 'maintenance_lifecycle')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('maintenance_timestamp', 'bigint', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('maintenance_lifecycle_pv')
        .on('maintenance_lifecycle')
        .columns(['pv_type', 'pv_nr', 'maintenance_timestamp'])
        .execute();
      await table(db, 'maintenance_documents')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('file_name', 'text')
        .addColumn('stored_name', 'text', (c) => c.unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await table(db, 'maintenance_datasheet_data')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await table(db, 'maintenance_parts')
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', double, (c) => c.notNull())
        .execute();
      for (const name of ['maintenance_documents', 'maintenance_datasheet_data', 'maintenance_parts']) {
        await db.schema.createIndex(`${name}_pv`).on(name).columns(['pv_type', 'pv_nr']).execute();
      }
      // Report ids come from the plant's report definitions, so they are given, not generated.
      await db.schema
        .createTable('report_configs')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('columns', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('report_manual_inputs')
        .addColumn('config_id', 'integer', (c) =>
          c.notNull().references('report_configs.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('pv_type', 'text', (c) => c.notNull())
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('row_index', 'integer', (c) => c.notNull())
        .addColumn('value', double)
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_manual_inputs_pk', [
          'config_id',
          'kind',
          'date',
          'pv_type',
          'pv_nr',
          'row_index',
        ])
        .execute();
      await table(db, 'rueb_events')
        .addColumn('basin_id', 'text', (c) => c.notNull())
        .addColumn('station_nr', 'integer', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint')
        .addColumn('overflow_volume', double, (c) => c.notNull())
        .addColumn('max_level', double, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rueb_events_station')
        .on('rueb_events')
        .columns(['station_nr', 'start_at'])
        .execute();
    },
  };
}
