import {
  DAY_MS,
  HOUR_MS,
  QUARTER_HOUR_MS,
  m4,
  quarterHourStart,
  rollupSamples,
  type Point,
} from '@leitwarte/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
  type HistoryDb,
  type HistoryRepository,
  type SeriesRepository,
} from '../../store/historian/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { rawM4 } from './raw-m4.js';

// DESIGN "History is thinned on the server": the chart's M4 of raw samples reads rollups for
// the quarter hours inside a column and only what they cannot tell raw, yet equals M4 over
// every raw sample: first, last, minimum and maximum per column, the earliest on ties.

const T0 = Date.UTC(2025, 2, 3);
const SPAN = 2 * DAY_MS;

/** Samples in time order over two days, with gaps of hours and values that tie often. */
const samples = fc
  .record({
    times: fc.uniqueArray(fc.integer({ min: 0, max: SPAN - 1 }), {
      minLength: 1,
      maxLength: 900,
      size: 'max',
    }),
    gaps: fc.array(
      fc.record({ at: fc.integer({ min: 0, max: SPAN }), length: fc.integer({ min: 0, max: 9 * HOUR_MS }) }),
      {
        maxLength: 3,
      },
    ),
    values: fc.oneof(
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 900, maxLength: 900 }),
      fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 900, maxLength: 900 }),
    ),
  })
  .map(({ times, gaps, values }) =>
    [...times]
      .sort((x, y) => x - y)
      .filter((t) => !gaps.some((g) => t >= g.at && t < g.at + g.length))
      .map((t, i) => ({ t: T0 + t, v: (values[i] ?? 0) + 0 })),
  );

/** A chart range around the data and a width: mostly columns of several quarter hours, some narrower. */
const query = fc.record({
  start: fc.integer({ min: -3 * HOUR_MS, max: DAY_MS }),
  length: fc.integer({ min: HOUR_MS, max: SPAN + 6 * HOUR_MS }),
  width: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 400 })),
});

describe.each(BOTH_DIALECTS)('raw M4 on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let hdb: HistoryDb;
  let repo: HistoryRepository;
  let series: SeriesRepository;
  let next = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    hdb = await openHistoryDb(store, database.dataDir);
    repo = createHistoryRepository(hdb);
    series = createSeriesRepository(hdb);
  });

  afterAll(async () => {
    await hdb.close();
    await store.close();
    await database.drop();
  });

  /** A new series holding the samples and their quarter-hour rollups, as ingest leaves them. */
  async function seriesOf(points: readonly Point[]): Promise<number> {
    const key = `AnaIn-${++next}`;
    const id = (await series.ensure([key])).get(key) as number;
    await repo.write({ samples: points.map((p) => ({ seriesId: id, ...p })), merge: {} });
    const rollups = rollupSamples(points, quarterHourStart);
    await repo.replaceRollups('QuarterHourValues', id, T0 - DAY_MS, T0 + 2 * SPAN, rollups);
    return id;
  }

  /** M4 over every raw sample of the range, read in full. */
  async function fullM4(id: number, start: number, end: number, width: number): Promise<Point[]> {
    const all: Point[] = [];
    await repo.scanSamples(id, start, end, (t, v) => all.push({ t, v }));
    return m4(all, start, end, width);
  }

  it('equals M4 over all raw samples, whatever the data, gaps, ties, range and width', async () => {
    await fc.assert(
      fc.asyncProperty(samples, fc.array(query, { minLength: 1, maxLength: 4 }), async (points, queries) => {
        const id = await seriesOf(points);
        for (const { start, length, width } of queries) {
          const from = T0 + start;
          const to = from + length;
          expect(await rawM4(repo, id, from, to, width)).toEqual(await fullM4(id, from, to, width));
        }
      }),
      // Each run writes a series: report the first counterexample rather than shrink it for long.
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('reads a column whose raw edges are missing from its rollups alone, and is exact there too', async () => {
    // Samples only in the middle of each column's quarter hours: columns of 4 quarter hours
    // whose cut quarter hours hold nothing, so first, last and extremes all come from rollups.
    const points: Point[] = [];
    for (let t = T0; t < T0 + DAY_MS; t += 60_000) {
      if (Math.floor((t - T0) / QUARTER_HOUR_MS) % 4 === 0) continue;
      points.push({ t, v: Math.round(Math.sin(t / 3.6e6) * 10) });
    }
    const id = await seriesOf(points);
    const start = T0 + QUARTER_HOUR_MS / 2;
    const end = start + 24 * 4 * QUARTER_HOUR_MS;
    expect(await rawM4(repo, id, start, end, 24)).toEqual(await fullM4(id, start, end, 24));
  });
});
