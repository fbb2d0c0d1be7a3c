import type { DayReportResolution, ReportColumn, ReportConfig, ReportConfigKind } from '@leitwarte/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** Report configs (GET /api/Report/configs/{id}); columns are stored as JSON. */
export interface ReportConfigRepository {
  all(): Promise<ReportConfig[]>;
  byId(id: number): Promise<ReportConfig | undefined>;
  /** Inserts or replaces a config by id. */
  put(config: ReportConfig, sort: number): Promise<void>;
  count(): Promise<number>;
}

interface Row {
  id: number;
  name: string;
  kind: string;
  columns: string;
  resolution: string | null;
}

const toConfig = (row: Row): ReportConfig => ({
  id: Number(row.id),
  name: row.name,
  kind: row.kind as ReportConfigKind,
  ...(row.resolution ? { resolution: row.resolution as DayReportResolution } : {}),
  columns: JSON.parse(row.columns) as ReportColumn[],
});

export function createReportConfigRepository(db: Kysely<Database>): ReportConfigRepository {
  return {
    all: async () =>
      (await db.selectFrom('report_configs').selectAll().orderBy('sort').orderBy('id').execute()).map(
        toConfig,
      ),
    async byId(id) {
      const row = await db.selectFrom('report_configs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toConfig(row) : undefined;
    },
    async put(config, sort) {
      const values = {
        name: config.name,
        kind: config.kind,
        columns: JSON.stringify(config.columns),
        sort,
        resolution: config.resolution ?? null,
      };
      await db
        .insertInto('report_configs')
        .values({ id: config.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
    async count() {
      const row = await db
        .selectFrom('report_configs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
