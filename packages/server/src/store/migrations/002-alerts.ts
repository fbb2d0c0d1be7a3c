import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Analog limits, digital-input priorities, alerts, system configuration and system events.
 * Times are bigint milliseconds, booleans integer 0/1, JSON documents text.
 */
export function alertsMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('pv_limits')
        .addColumn('pv_nr', 'bigint', (c) => c.notNull())
        .addColumn('limit_type', 'text', (c) => c.notNull())
        .addColumn('limit_value', 'double precision', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('delay_time', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('not_set', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pv_limits_pk', ['pv_nr', 'limit_type'])
        .execute();
      await db.schema
        .createTable('digital_priorities')
        .addColumn('pv_nr', 'bigint', (c) => c.primaryKey())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('alerts')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('binding_kind', 'text', (c) => c.notNull())
        .addColumn('binding_key', 'text', (c) => c.notNull())
        .addColumn('pv_type', 'text')
        .addColumn('pv_nr', 'bigint')
        .addColumn('station', 'integer')
        .addColumn('limit_type', 'text')
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('value', 'double precision')
        .addColumn('limit_value', 'double precision')
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('coming_at', 'bigint', (c) => c.notNull())
        .addColumn('going_at', 'bigint')
        .addColumn('acknowledged_at', 'bigint')
        .addColumn('acknowledged_by', 'text')
        .addColumn('acknowledged_by_id', 'bigint')
        .addColumn('ack_origin', 'text')
        .execute();
      await db.schema.createIndex('alerts_coming_at').on('alerts').column('coming_at').execute();
      await db.schema.createIndex('alerts_pv').on('alerts').columns(['pv_type', 'pv_nr']).execute();
      // The engine reloads the open alerts (active or not acknowledged) at every start.
      await db.schema
        .createIndex('alerts_open')
        .on('alerts')
        .columns(['active', 'acknowledged_at'])
        .execute();
      await db.schema
        .createTable('system_config')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('system_events')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('station', 'integer')
        .addColumn('object', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('system_events_at').on('system_events').column('at').execute();
    },
  };
}
