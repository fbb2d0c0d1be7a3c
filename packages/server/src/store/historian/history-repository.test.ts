import { QUARTER_HOUR_MS } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
  type HistoryDb,
  type HistoryRepository,
} from './index.js';

// The reads a chart of raw samples makes besides its rollups: the samples of the quarter hours
// its pixel columns cut (exactly the stored doubles, which SQLite hands over as JSON text), and
// the oldest sample of a series.

const T0 = Date.UTC(2025, 5, 2);
const AWKWARD = [
  0.1 + 0.2,
  5e-324,
  -5e-324,
  1.7976931348623157e308,
  -1e-7,
  123456789.12345679,
  Math.PI,
  0,
  -3,
];

describe.each(BOTH_DIALECTS)('history repository reads on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let hdb: HistoryDb;
  let repo: HistoryRepository;
  let id: number;
  let other: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    hdb = await openHistoryDb(store, database.dataDir);
    repo = createHistoryRepository(hdb);
    const ids = await createSeriesRepository(hdb).ensure(['AnaIn-1', 'AnaIn-2', 'AnaIn-3']);
    id = ids.get('AnaIn-1') as number;
    other = ids.get('AnaIn-2') as number;
    // One sample a minute over four quarter hours, the values cycling through awkward doubles.
    const samples = Array.from({ length: 60 }, (_, i) => ({
      seriesId: id,
      t: T0 + i * 60_000,
      v: AWKWARD[i % AWKWARD.length] as number,
    }));
    await repo.write({ samples, merge: {} });
    await repo.write({
      samples: [
        { seriesId: other, t: T0 - 5, v: 1 },
        { seriesId: other, t: T0 + 7, v: 2 },
      ],
      merge: {},
    });
  });

  afterAll(async () => {
    await hdb.close();
    await store.close();
    await database.drop();
  });

  it('returns every sample of the windows as stored, flat and in time order', async () => {
    const starts = [T0 + QUARTER_HOUR_MS, T0 + 3 * QUARTER_HOUR_MS, T0 + 10 * QUARTER_HOUR_MS];
    const expected: number[] = [];
    for (const w of [1, 3]) {
      for (let i = w * 15; i < (w + 1) * 15; i++) {
        expected.push(T0 + i * 60_000, AWKWARD[i % AWKWARD.length] as number);
      }
    }
    expect(await repo.samplesInWindows(id, starts, QUARTER_HOUR_MS)).toEqual(expected);
  });

  it('returns nothing for windows without samples', async () => {
    expect(await repo.samplesInWindows(id, [T0 - QUARTER_HOUR_MS], QUARTER_HOUR_MS)).toEqual([]);
    expect(await repo.samplesInWindows(id, [], QUARTER_HOUR_MS)).toEqual([]);
  });

  it('finds the first and last time over several series, null for series without samples', async () => {
    const empty = (await createSeriesRepository(hdb).ensure(['AnaIn-3'])).get('AnaIn-3') as number;
    expect(await repo.edgeTime('MeasurementArchive', [id], 'first')).toBe(T0);
    expect(await repo.edgeTime('MeasurementArchive', [id, other], 'first')).toBe(T0 - 5);
    expect(await repo.edgeTime('MeasurementArchive', [other, id], 'last')).toBe(T0 + 59 * 60_000);
    expect(await repo.edgeTime('MeasurementArchive', [other], 'last')).toBe(T0 + 7);
    expect(await repo.edgeTime('MeasurementArchive', [empty], 'first')).toBeNull();
    expect(await repo.edgeTime('QuarterHourValues', [id, other], 'last')).toBeNull();
  });
});
