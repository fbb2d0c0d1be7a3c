import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

const ROLLUPS = ['history_quarter_hour', 'history_day', 'history_month'] as const;

/**
 * The historian: series ids, raw samples and three rollup archives. Rows are keyed by
 * (series_id, t) so a range of one series is one index range. On SQLite the tables are
 * WITHOUT ROWID (the key is the table, no second b-tree). On PostgreSQL the sample table also
 * gets a BRIN index on t: a few kilobytes for a year, and retention deletes by time use it.
 */
export function historianMigration(dialect: StoreDialect) {
  const pg = dialect === 'postgres';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('history_series')
        .addColumn('id', pg ? 'serial' : 'integer', (c) =>
          pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('pv_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      let samples = db.schema
        .createTable('history_sample')
        .addColumn('series_id', 'integer', (c) => c.notNull())
        .addColumn('t', 'bigint', (c) => c.notNull())
        .addColumn('v', 'double precision', (c) => c.notNull())
        .addPrimaryKeyConstraint('history_sample_pk', ['series_id', 't']);
      if (!pg) samples = samples.modifyEnd(sql`without rowid`);
      await samples.execute();
      if (pg) await sql`create index history_sample_t_brin on history_sample using brin (t)`.execute(db);
      for (const table of ROLLUPS) {
        let rollup = db.schema
          .createTable(table)
          .addColumn('series_id', 'integer', (c) => c.notNull())
          .addColumn('t', 'bigint', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('sum', 'double precision', (c) => c.notNull());
        for (const m of ['first', 'last', 'min', 'max']) {
          rollup = rollup
            .addColumn(`${m}_t`, 'bigint', (c) => c.notNull())
            .addColumn(`${m}_v`, 'double precision', (c) => c.notNull());
        }
        rollup = rollup.addPrimaryKeyConstraint(`${table}_pk`, ['series_id', 't']);
        if (!pg) rollup = rollup.modifyEnd(sql`without rowid`);
        await rollup.execute();
      }
    },
  };
}
