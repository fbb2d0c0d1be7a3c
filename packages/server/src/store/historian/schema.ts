import type { Generated } from 'kysely';

/** Tables of the historian. Times are milliseconds since the epoch. */
export interface HistoryTables {
  history_series: HistorySeriesTable;
  history_sample: HistorySampleTable;
  history_quarter_hour: HistoryRollupTable;
  history_day: HistoryRollupTable;
  history_month: HistoryRollupTable;
  /** SQLite only: packed closed days of raw samples (sample-days.ts). */
  history_sample_day: HistorySampleDayTable;
  history_gap: HistoryGapTable;
}

/** A span the historian recorded nothing in: series 0 for every series (the server was down). */
export interface HistoryGapTable {
  series_id: number;
  from_t: number;
  to_t: number;
}

/** The raw samples of a series in one closed UTC day, packed (sample-days.ts). */
export interface HistorySampleDayTable {
  series_id: number;
  /** Start of the UTC day. */
  day: number;
  samples: Uint8Array;
  /** Where each quarter hour of the day starts and its extremes (run-tiles.ts in core). */
  tiles: Uint8Array | null;
}

/** One row per archived PV: the compact integer id the sample rows carry instead of the key. */
export interface HistorySeriesTable {
  id: Generated<number>;
  /** PV key `Type-nr`. */
  pv_key: string;
  created_at: number;
}

/** Raw samples (MeasurementArchive). */
export interface HistorySampleTable {
  series_id: number;
  t: number;
  v: number;
}

/** Rollup of a period (quarter hour, local day, local month) starting at t. */
export interface HistoryRollupTable {
  series_id: number;
  t: number;
  count: number;
  sum: number;
  first_t: number;
  first_v: number;
  last_t: number;
  last_v: number;
  min_t: number;
  min_v: number;
  max_t: number;
  max_v: number;
}

/** The rollup tables by archive. */
export const ROLLUP_TABLES = {
  QuarterHourValues: 'history_quarter_hour',
  DayValues: 'history_day',
  MonthValues: 'history_month',
} as const;
