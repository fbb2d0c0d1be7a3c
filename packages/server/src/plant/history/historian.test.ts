import {
  m4,
  QUARTER_HOUR_MS,
  DAY_MS,
  reportRange,
  rollupSamples,
  rollupMean,
  type Point,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createHistorian, type HistorianDeps } from './historian.js';
import type { Historian } from './historian-types.js';
import type { Plant } from '../plant.js';

const T0 = Date.UTC(2025, 0, 6, 0, 0);
const LEVEL = { type: 'AnaIn', nr: 100002 } as const;
/** A PV whose samples take few values: minima and maxima tie across quarter hours. */
const STEPS = { type: 'AnaIn', nr: 100003 } as const;

describe.each(BOTH_DIALECTS)('historian on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let historian: Historian;
  let clock = T0 + 3 * DAY_MS;
  const raw: Point[] = [];
  const steps: Point[] = [];
  /** A historian on the test store and plant at the test clock, without backfill. */
  const historianWith = (options: Partial<HistorianDeps>) =>
    createHistorian({
      store,
      plant,
      dataDir: database.dataDir,
      now: () => clock,
      ...options,
    });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const definition = loadPlantDefinition(DEMO_PLANT_PATH);
    const source = createSimulator(definition, { autoTick: false, now: () => clock, rates: QUIET_RATES });
    plant = createPlant({ definition, source });
    historian = await historianWith({ flushMs: 60_000 });
    await historian.start();
    // Two days of irregular samples of one PV straight into the archive, as ingest writes them.
    const { createHistoryRepository, createSeriesRepository, openHistoryDb } =
      await import('../../store/historian/index.js');
    const hdb = await openHistoryDb(store, database.dataDir);
    const series = createSeriesRepository(hdb);
    const id = (await series.ensure([`AnaIn-${LEVEL.nr}`])).get(`AnaIn-${LEVEL.nr}`) as number;
    const repo = createHistoryRepository(hdb);
    let seed = 7;
    for (let t = T0; t < T0 + 2 * DAY_MS; t += 20_000 + (seed % 50_000)) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      raw.push({ t, v: Math.round(Math.sin(t / 3.6e6) * 100 + (seed % 1000) / 10) / 10 + 0 });
    }
    await repo.write({ samples: raw.map((p) => ({ seriesId: id, ...p })), merge: {} });
    const stepsId = (await series.ensure([`AnaIn-${STEPS.nr}`])).get(`AnaIn-${STEPS.nr}`) as number;
    for (const p of raw) steps.push({ t: p.t, v: Math.round(p.v / 4) + 0 });
    await repo.write({ samples: steps.map((p) => ({ seriesId: stepsId, ...p })), merge: {} });
    if (dialect === 'postgres') await hdb.close();
    await historian.rebuildRollups(T0, T0 + 2 * DAY_MS, [LEVEL, STEPS]);
  });

  afterAll(async () => {
    await historian.stop();
    await plant.stop();
    await store.close();
    await database.drop();
  });

  it('rebuilds quarter-hour rollups equal to a direct computation on the raw rows', async () => {
    const { series } = await historian.chartData({
      series: [
        { pv: LEVEL, measurementType: 'Mittelwert' },
        { pv: LEVEL, measurementType: 'Maxwert' },
      ],
      start: T0,
      end: T0 + 2 * DAY_MS,
      source: 'QuarterHourValues',
      width: 10_000,
    });
    const direct = rollupSamples(raw, (t) => Math.floor(t / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
    expect(series[0]?.points.map((p) => p.t)).toEqual(direct.map((r) => r.t));
    series[0]?.points.forEach((p, i) => expect(p.v).toBeCloseTo(rollupMean(direct[i] as never), 9));
    const diff = series[1]?.points
      .map((p, i) => [p.t, p.v, direct[i]?.t, direct[i]?.maxV])
      .filter((x) => x[1] !== x[3]);
    expect(diff).toEqual([]);
  });

  it('reduces raw data with M4 exactly as M4 over all raw rows, for ranges and widths that cut quarter hours', async () => {
    for (const [start, end, width] of [
      [T0, T0 + 2 * DAY_MS, 40],
      [T0 + 7_777_777, T0 + 2 * DAY_MS - 1_234_567, 37],
      [T0 + 1000, T0 + DAY_MS, 1920],
      // Columns of about 16 quarter hours: rollup ranges hold many ties of the rounded values.
      [T0 + 123_456, T0 + 2 * DAY_MS, 12],
    ] as const) {
      const { series, source } = await historian.chartData({
        series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
        start,
        end,
        source: 'MeasurementArchive',
        width,
      });
      expect(source).toBe('MeasurementArchive');
      expect(series[0]?.points).toEqual(m4(raw, start, end, width));
      const tied = await historian.chartData({
        series: [{ pv: STEPS, measurementType: 'Aktuell' }],
        start,
        end,
        source: 'MeasurementArchive',
        width,
      });
      expect(tied.series[0]?.points).toEqual(m4(steps, start, end, width));
    }
  });

  it('reads packed days to the same points, and shows a sample written into a packed day at once', async () => {
    await historian.packSampleDays();
    const { createHistoryRepository, createSeriesRepository, openHistoryDb } =
      await import('../../store/historian/index.js');
    const hdb = await openHistoryDb(store, database.dataDir);
    try {
      // SQLite: both days of both series packed (by the pass at start or this one).
      if (hdb.sqlite) {
        expect(hdb.sqlite.prepare('select count(*) from history_sample_day').pluck().get()).toBe(4);
        // Each with its quarter hours' tiles (96 starts and the day's end, 96 minima, 96 maxima).
        const sizes = hdb.sqlite.prepare('select length(tiles) from history_sample_day').pluck().all();
        expect(sizes).toEqual([4, 4, 4, 4].map((word) => word * (3 * 96 + 1)));
      }
      const cases = [
        [T0, T0 + 2 * DAY_MS, 40],
        [T0 + 7_777_777, T0 + 2 * DAY_MS - 1_234_567, 37],
        [T0 + 1000, T0 + DAY_MS, 1920],
      ] as const;
      const read = async ([start, end, width]: readonly [number, number, number]) =>
        (
          await historian.chartData({
            series: [{ pv: STEPS, measurementType: 'Aktuell' }],
            start,
            end,
            source: 'MeasurementArchive',
            width,
          })
        ).series[0]?.points;
      for (const c of cases) expect(await read(c)).toEqual(m4(steps, c[0], c[1], c[2]));
      // A late sample with a new maximum, written through another connection.
      const id = (await createSeriesRepository(hdb).find([`AnaIn-${STEPS.nr}`])).get(`AnaIn-${STEPS.nr}`);
      const late = { t: T0 + 5 * 3_600_000 + 7_000, v: 999 };
      await createHistoryRepository(hdb).write({ samples: [{ seriesId: id as number, ...late }], merge: {} });
      steps.push(late);
      steps.sort((a, b) => a.t - b.t);
      // Its rollups as the ingest merges them (the unpacked reads search those).
      await historian.rebuildRollups(T0, T0 + 2 * DAY_MS, [STEPS]);
      for (const c of cases) expect(await read(c)).toEqual(m4(steps, c[0], c[1], c[2]));
    } finally {
      if (dialect === 'sqlite') await hdb.close();
    }
  });

  it('reduces raw samples on read threads to the same points (PostgreSQL: on its own)', async () => {
    const threaded = await historianWith({ readThreads: 2 });
    await threaded.start();
    try {
      // Threads read the SQLite file; PostgreSQL is read through its own connection pool.
      expect(await threaded.readThreadsReady()).toBe(dialect === 'sqlite' ? 2 : 0);
      const [start, end, width] = [T0 + 7_777_777, T0 + 2 * DAY_MS - 1_234_567, 37];
      const { series } = await threaded.chartData({
        series: [
          { pv: LEVEL, measurementType: 'Aktuell' },
          { pv: STEPS, measurementType: 'Aktuell' },
        ],
        start,
        end,
        source: 'MeasurementArchive',
        width,
      });
      expect(series.map((s) => s.points)).toEqual([m4(raw, start, end, width), m4(steps, start, end, width)]);
      // Written on the threads: the reply takes the points' JSON as it is.
      if (dialect === 'sqlite') {
        expect(series[0]?.pointsJson).toBe(
          JSON.stringify(series[0]?.points.map((p) => ({ timestamp: p.t, value: p.v }))),
        );
      }
    } finally {
      await threaded.stop();
    }
  });

  it('picks the archive for Auto and answers first and last dates (0 when none)', async () => {
    const day = await historian.chartData({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      start: T0,
      end: T0 + DAY_MS,
      source: 'Auto',
      width: 100,
    });
    expect(day.source).toBe('MeasurementArchive');
    const two = await historian.chartData({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      start: T0,
      end: T0 + 2 * DAY_MS,
      source: 'Auto',
      width: 100,
    });
    expect(two.source).toBe('QuarterHourValues');
    expect(await historian.edgeDate([LEVEL], 'MeasurementArchive', 'first')).toBe(raw[0]?.t);
    expect(await historian.edgeDate([LEVEL], 'MeasurementArchive', 'last')).toBe(raw[raw.length - 1]?.t);
    expect(await historian.edgeDate([{ type: 'AnaIn', nr: 999_999 }], 'DayValues', 'first')).toBe(0);
  });

  it('exports CSV with ; , ISO local times and a decimal point', async () => {
    const csv = await historian.exportCsv({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      start: T0,
      end: T0 + 60_000,
      source: 'MeasurementArchive',
    });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Zeitstempel;PV;Name;Messart;Wert;Quelle');
    expect(lines[1]).toMatch(
      /^2025-01-06T01:00:00\+01:00;AnaIn-100002;[^;]+;Aktuell;-?\d+(\.\d+)?;MeasurementArchive$/,
    );
  });

  it('answers a day report from the rollups: last, mean, min and max per hour as computed from the raw rows', async () => {
    const timeZone = plant.info.timeZone;
    const range = reportRange('day', { year: 2025, month: 1, day: 7 }, timeZone);
    expect(range.intervals).toHaveLength(24);
    const cells = (await historian.reportData([LEVEL], range)).get(`AnaIn-${LEVEL.nr}`)!;
    expect(cells).toHaveLength(24);
    for (const [i, interval] of range.intervals.entries()) {
      const inside = raw.filter((p) => p.t >= interval.from && p.t < interval.to);
      const cell = cells[i]!;
      expect(cell.from).toBe(interval.from);
      expect(cell.last).toBe(inside[inside.length - 1]!.v);
      expect(cell.min).toBe(Math.min(...inside.map((p) => p.v)));
      expect(cell.max).toBe(Math.max(...inside.map((p) => p.v)));
      expect(cell.mean).toBeCloseTo(inside.reduce((sum, p) => sum + p.v, 0) / inside.length, 9);
    }
    // A day without samples gives empty cells, not zeros.
    const empty = reportRange('day', { year: 2025, month: 2, day: 1 }, timeZone);
    const none = (await historian.reportData([LEVEL], empty)).get(`AnaIn-${LEVEL.nr}`)!;
    expect(none.every((c) => c.last === null && c.mean === null && c.difference === null)).toBe(true);
  });

  it('buffers live values and writes them on flush', async () => {
    await plant.start();
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      (plant as unknown as { step?: () => void }).step?.();
    }
    expect(historian.buffered).toBeGreaterThan(0);
    await historian.flush();
    expect(historian.buffered).toBe(0);
    expect(
      await historian.edgeDate([{ type: 'AnaIn', nr: 100001 }], 'MeasurementArchive', 'last'),
    ).toBeGreaterThanOrEqual(T0 + 3 * DAY_MS);
  });

  it('deletes what is older than the retention', async () => {
    clock = raw[raw.length - 1]!.t + DAY_MS;
    const h2 = await historianWith({ retention: { MeasurementArchive: 1.5 } });
    const deleted = await h2.applyRetention();
    expect(deleted).toBeGreaterThan(0);
    expect(await h2.edgeDate([LEVEL], 'MeasurementArchive', 'first')).toBeGreaterThanOrEqual(
      clock - 1.5 * DAY_MS,
    );
    expect(await h2.edgeDate([LEVEL], 'QuarterHourValues', 'first')).toBe(T0);
    if (dialect === 'sqlite') await h2.stop();
  });
});
