import type { Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/** Remote alarm (categories, PV groups, call numbers, lines, plans), text messages, pipe leakage, energy. */
export function remoteAlarmMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('remote_alarm_categories')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_alarm_pv_groups')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('station', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_alarm_call_numbers')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('category_id', 'integer', (c) => c.references('remote_alarm_categories.id'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_alarm_lines')
        .addColumn('station', 'integer', (c) => c.notNull())
        .addColumn('line_number', 'integer', (c) => c.notNull())
        .addColumn('connection_type', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('remote_alarm_lines_pk', ['station', 'line_number'])
        .execute();
      await db.schema
        .createTable('remote_alarm_plans')
        .addColumn('station', 'integer', (c) => c.notNull())
        .addColumn('plan_number', 'integer', (c) => c.notNull())
        .addColumn('planname', 'text', (c) => c.notNull())
        .addColumn('groupname', 'text', (c) => c.notNull())
        .addColumn('pv_group_id', 'integer', (c) => c.references('remote_alarm_pv_groups.id'))
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('active_priorities', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('alerting_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('alerting_count_max', 'integer', (c) => c.notNull())
        .addColumn('call_number_change_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('call_number_change_count_max', 'integer', (c) => c.notNull())
        .addColumn('delivered_messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pending_messages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('status_text', 'text')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('remote_alarm_plans_pk', ['station', 'plan_number'])
        .execute();
      await db.schema
        .createTable('visu_text_messages')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pipe_leakage_nights')
        .addColumn('pipe_leakage_id', 'integer', (c) => c.notNull())
        .addColumn('window_begin', 'bigint', (c) => c.notNull())
        .addColumn('window_end', 'bigint', (c) => c.notNull())
        .addColumn('min_value', 'double precision', (c) => c.notNull())
        .addColumn('min_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pipe_leakage_nights_pk', ['pipe_leakage_id', 'window_begin'])
        .execute();
      await db.schema
        .createTable('energy_periods')
        .addColumn('config_id', 'integer', (c) => c.notNull())
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('grid_mean_kw', 'double precision', (c) => c.notNull())
        .addColumn('chp_mean_kw', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('energy_periods_pk', ['config_id', 'period_start'])
        .execute();
    },
  };
}
