import { createLocalPeriods, pvKey } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import type { HistoryRepository, SeriesRepository } from '../../store/historian/index.js';
import { chartData, type QueryContext } from './queries.js';

const T0 = Date.UTC(2025, 5, 2);
const PVS = [
  { type: 'AnaIn', nr: 1 },
  { type: 'AnaIn', nr: 2 },
  { type: 'AnaIn', nr: 3 },
] as const;

/** A context whose raw reads log themselves and schedule other work, as a request arriving meanwhile. */
function loggingContext(readsBlock: boolean, log: string[]): QueryContext {
  const repo: Pick<HistoryRepository, 'scanSamples'> = {
    async scanSamples(seriesId, from, _to, visit) {
      log.push(`read ${seriesId}`);
      setImmediate(() => log.push(`other work after ${seriesId}`));
      visit(from, seriesId);
    },
  };
  const series: Pick<SeriesRepository, 'find'> = {
    find: async (keys) => new Map(keys.map((key) => [key, PVS.findIndex((pv) => pvKey(pv) === key) + 1])),
  };
  return {
    repo: repo as HistoryRepository,
    series: series as SeriesRepository,
    periods: createLocalPeriods('Europe/Berlin'),
    readsBlock,
  };
}

const query = {
  series: PVS.map((pv) => ({ pv, measurementType: 'Aktuell' as const })),
  start: T0,
  end: T0 + 3_600_000,
  source: 'MeasurementArchive' as const,
  width: 100,
};

describe('chart data reads', () => {
  it('on a database read on this thread, lets other work run between the series of a chart', async () => {
    const log: string[] = [];
    const result = await chartData(loggingContext(true, log), query, false);
    expect(log.slice(0, 5)).toEqual([
      'read 1',
      'other work after 1',
      'read 2',
      'other work after 2',
      'read 3',
    ]);
    expect(result.series.map((s) => s.points)).toEqual([
      [{ t: T0, v: 1 }],
      [{ t: T0, v: 2 }],
      [{ t: T0, v: 3 }],
    ]);
  });

  it('otherwise reads all series of a chart at once', async () => {
    const log: string[] = [];
    await chartData(loggingContext(false, log), query, false);
    expect(log.slice(0, 3)).toEqual(['read 1', 'read 2', 'read 3']);
  });
});
