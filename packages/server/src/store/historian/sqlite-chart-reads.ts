import type Database from 'better-sqlite3';
import { createSqliteColumnTiles } from './column-tiles.js';
import type { HistoryRepository } from './history-repository.js';
import { createSampleDays } from './sample-days.js';
import { createSqliteReads } from './sqlite-reads.js';

/** What an M4 of raw samples reads: packed days, the oldest sample, sample scans and column tiles. */
export type RawChartReads = Pick<
  HistoryRepository,
  'edgeTime' | 'scanSamples' | 'samplesInWindows' | 'columnTiles' | 'sampleDays'
>;

/**
 * The raw-sample chart reads on a SQLite connection of their own (a read-only one in a read
 * thread): the same statements the historian's repository runs.
 */
export function createSqliteChartReads(raw: Database.Database): RawChartReads {
  const reads = createSqliteReads(raw);
  return {
    async edgeTime(archive, seriesIds, edge) {
      if (archive !== 'MeasurementArchive') throw new Error('chart reads scan raw samples only');
      return reads.edgeTime('history_sample', seriesIds, edge);
    },
    async scanSamples(seriesId, from, to, visit) {
      reads.scanSamples(seriesId, from, to, visit);
    },
    async samplesInWindows(seriesId, starts, length) {
      return starts.length === 0 ? [] : reads.samplesInWindows(seriesId, starts, length);
    },
    columnTiles: createSqliteColumnTiles(raw),
    sampleDays: createSampleDays(raw),
  };
}
