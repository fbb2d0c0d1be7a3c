export {
  openHistoryDb,
  openHistoryDbForWorker,
  openHistoryFileReadOnly,
  HISTORY_FILE,
  type HistoryDb,
} from './history-db.js';
export { isBusy } from './busy.js';
export { createSqliteChartReads, type RawChartReads } from './sqlite-chart-reads.js';
export { createSeriesRepository, type SeriesRepository } from './series-repository.js';
export {
  ALL_SERIES,
  createHistoryRepository,
  type HistoryGap,
  type HistoryBatch,
  type HistoryRepository,
  type SampleRow,
  type SeriesRollup,
} from './history-repository.js';
export type { HistoryTables } from './schema.js';
export {
  SAMPLE_DAY_MS,
  sampleDayOf,
  encodeSampleDay,
  decodeSampleDay,
  type SampleDays,
} from './sample-days.js';
