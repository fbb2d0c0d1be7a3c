import { DAY_MS, QUARTER_HOUR_MS, rollupSamples, quarterHourStart, type Point } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
  type HistoryDb,
  type HistoryRepository,
} from '../../store/historian/index.js';
import { openStore, type Store } from '../../store/index.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createChartReadPool, type ChartReadPool } from './chart-read-pool.js';
import { rawM4 } from './raw-m4.js';

// Read threads reduce raw samples on connections of their own: their points must be those of
// the server's own read, include what was written after they started, and a pool whose threads
// cannot start must still answer.

const T0 = Date.UTC(2025, 2, 3);
const samplesOf = (from: number, days: number, phase: number): Point[] => {
  const points: Point[] = [];
  for (let t = from; t < from + days * DAY_MS; t += 60_000) {
    points.push({ t, v: Math.round(Math.sin(t / 7.3e6 + phase) * 1000 + ((t / 60_000) % 7)) / 10 });
  }
  return points;
};

describe('chart read pool on SQLite', () => {
  let database: TestDatabase;
  let store: Store;
  let hdb: HistoryDb;
  let repo: HistoryRepository;
  let ids: number[];
  let pool: ChartReadPool;
  const here = (id: number, start: number, end: number, width: number) => rawM4(repo, id, start, end, width);
  let fallbacks = 0;
  const warnings: string[] = [];

  const write = async (seriesId: number, points: Point[]) => {
    await repo.write({
      samples: points.map((p) => ({ seriesId, ...p })),
      merge: {
        QuarterHourValues: rollupSamples(points, quarterHourStart).map((r) => ({ seriesId, ...r })),
      },
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    hdb = await openHistoryDb(store, database.dataDir);
    repo = createHistoryRepository(hdb);
    const series = createSeriesRepository(hdb);
    const keys = ['AnaIn-1', 'AnaIn-2', 'AnaIn-3'];
    const found = await series.ensure(keys);
    ids = keys.map((k) => found.get(k) as number);
    for (const [i, id] of ids.entries()) await write(id, samplesOf(T0, 4, i));
    pool = createChartReadPool({
      file: hdb.file as string,
      size: 2,
      log: { warn: (message: string) => warnings.push(message) },
      fallback: (...args) => {
        fallbacks++;
        return here(...args);
      },
    });
    await pool.started;
  });

  afterAll(async () => {
    await pool.close();
    await hdb.close();
    await store.close();
    await database.drop();
  });

  it('starts its threads', () => {
    expect(warnings).toEqual([]);
    expect(pool.threads).toBe(2);
  });

  it('answers with the points of a read on this thread, series spread over the threads', async () => {
    const start = T0 + 3 * QUARTER_HOUR_MS + 12_345;
    const end = T0 + 4 * DAY_MS - 7 * QUARTER_HOUR_MS;
    for (const width of [37, 300, 1270]) {
      const [pooled, direct] = await Promise.all([
        Promise.all(ids.map((id) => pool.rawM4(id, start, end, width))),
        Promise.all(ids.map((id) => here(id, start, end, width))),
      ]);
      expect(pooled.map((r) => r.points)).toEqual(direct);
      expect(pooled[0]?.points.length).toBeGreaterThan(width);
      // The points' JSON as the chart data reply writes them.
      for (const [i, r] of pooled.entries()) {
        expect(r.pointsJson).toBe(JSON.stringify(direct[i]?.map((p) => ({ timestamp: p.t, value: p.v }))));
      }
    }
    expect(fallbacks).toBe(0);
  });

  it('reads what was written after the threads started', async () => {
    const id = ids[0] as number;
    const start = T0 + 4 * DAY_MS;
    const end = start + DAY_MS;
    expect((await pool.rawM4(id, start, end, 200)).points).toEqual([]);
    await write(id, samplesOf(start, 1, 5));
    const { points } = await pool.rawM4(id, start, end, 200);
    expect(points.length).toBeGreaterThan(200);
    expect(points).toEqual(await here(id, start, end, 200));
    expect(fallbacks).toBe(0);
  });

  it('reads on this thread when its threads cannot open the file', async () => {
    let used = 0;
    const broken = createChartReadPool({
      file: `${database.dataDir}/missing.sqlite`,
      size: 1,
      fallback: (...args) => {
        used++;
        return here(...args);
      },
    });
    await broken.started;
    expect(broken.threads).toBe(0);
    const id = ids[1] as number;
    expect(await broken.rawM4(id, T0, T0 + DAY_MS, 100)).toEqual({
      points: await here(id, T0, T0 + DAY_MS, 100),
    });
    expect(used).toBe(1);
    await broken.close();
  });
});
