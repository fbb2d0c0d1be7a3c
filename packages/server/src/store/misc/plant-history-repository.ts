import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The minimum of one night window of a pipe-leakage measurement. */
export interface NightMinimum {
  pipeLeakageId: number;
  windowBegin: number;
  windowEnd: number;
  minValue: number;
  minAt: number;
}

/** Mean powers of a completed energy measuring period. */
export interface EnergyPeriodRecord {
  configId: number;
  periodStart: number;
  gridMeanKw: number;
  chpMeanKw: number;
}

/** Night minima and energy periods: small histories that must survive a restart. */
export interface PlantHistoryRepository {
  /** Inserts or replaces the minimum of a night window. */
  saveNight(night: NightMinimum): Promise<void>;
  /** The latest stored night of each measurement. */
  latestNights(): Promise<NightMinimum[]>;
  /** Stores a completed period; a period stored twice keeps its first record. */
  savePeriod(period: EnergyPeriodRecord): Promise<void>;
  /** Highest grid mean power of the periods of a config in [from, to). */
  maxGridMean(configId: number, from: number, to: number): Promise<number | null>;
}

export function createPlantHistoryRepository(db: Kysely<Database>): PlantHistoryRepository {
  return {
    async saveNight(n) {
      const values = {
        pipe_leakage_id: n.pipeLeakageId,
        window_begin: n.windowBegin,
        window_end: n.windowEnd,
        min_value: n.minValue,
        min_at: n.minAt,
      };
      await db
        .insertInto('pipe_leakage_nights')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['pipe_leakage_id', 'window_begin'])
            .doUpdateSet({ window_end: n.windowEnd, min_value: n.minValue, min_at: n.minAt }),
        )
        .execute();
    },
    async latestNights() {
      const rows = await db
        .selectFrom('pipe_leakage_nights as n')
        .selectAll()
        .where(({ eb, selectFrom }) =>
          eb(
            'n.window_begin',
            '=',
            selectFrom('pipe_leakage_nights as m')
              .select((e) => e.fn.max('m.window_begin').as('latest'))
              .whereRef('m.pipe_leakage_id', '=', 'n.pipe_leakage_id'),
          ),
        )
        .orderBy('n.pipe_leakage_id')
        .execute();
      return rows.map((r) => ({
        pipeLeakageId: r.pipe_leakage_id,
        windowBegin: r.window_begin,
        windowEnd: r.window_end,
        minValue: r.min_value,
        minAt: r.min_at,
      }));
    },
    async savePeriod(p) {
      await db
        .insertInto('energy_periods')
        .values({
          config_id: p.configId,
          period_start: p.periodStart,
          grid_mean_kw: p.gridMeanKw,
          chp_mean_kw: p.chpMeanKw,
        })
        .onConflict((oc) => oc.columns(['config_id', 'period_start']).doNothing())
        .execute();
    },
    async maxGridMean(configId, from, to) {
      const row = await db
        .selectFrom('energy_periods')
        .select((eb) => eb.fn.max('grid_mean_kw').as('max'))
        .where('config_id', '=', configId)
        .where('period_start', '>=', from)
        .where('period_start', '<', to)
        .executeTakeFirst();
      return row?.max === null || row?.max === undefined ? null : Number(row.max);
    },
  };
}
