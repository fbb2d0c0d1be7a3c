// Issue 20 "Values that look wrong": a span without records was drawn as a straight line. What
// the historian did not record (the server was down, a reading was Bad) is kept as a gap, and the
// chart data marks it (NaN in columns, null in JSON), so a chart breaks its line there.
import { createLocalPeriods, DAY_MS, type ProcessValue } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartReplyText } from '../../http/chart-reply-text.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import {
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
  type HistoryDb,
} from '../../store/historian/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createHistorian } from './historian.js';
import type { Historian } from './historian-types.js';
import { createIngestBuffer } from './ingest.js';
import type { Plant } from '../plant.js';

const T0 = Date.UTC(2025, 0, 6, 6, 0);
const HOUR = 3_600_000;
const LEVEL = { type: 'AnaIn', nr: 100010 } as const;
const FLOW = { type: 'AnaIn', nr: 100060 } as const;

describe.each(BOTH_DIALECTS)('gaps in the history on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let plant: Plant;
  let historian: Historian;
  let hdb: HistoryDb;
  const clock = T0 + DAY_MS;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const definition = loadPlantDefinition(DEMO_PLANT_PATH);
    const source = createSimulator(definition, { autoTick: false, now: () => clock, rates: QUIET_RATES });
    plant = createPlant({ definition, source });
    historian = await createHistorian({
      store,
      plant,
      dataDir: database.dataDir,
      now: () => clock,
      flushMs: 60_000,
    });
    await historian.start();
    hdb = await openHistoryDb(store, database.dataDir);
    const id = (await createSeriesRepository(hdb).ensure(['AnaIn-100010'])).get('AnaIn-100010') as number;
    // A minute each for an hour, four hours nothing (the server was down), another hour.
    const samples = [];
    for (let t = T0; t < T0 + HOUR; t += 60_000) samples.push({ seriesId: id, t, v: 2 + (t - T0) / HOUR });
    for (let t = T0 + 5 * HOUR; t < T0 + 6 * HOUR; t += 60_000) samples.push({ seriesId: id, t, v: 3.5 });
    await createHistoryRepository(hdb).write({ samples, merge: {} });
    await historian.recordGap(T0 + HOUR - 60_000, T0 + 5 * HOUR);
    // A restart of two seconds: nothing a chart can show.
    await historian.recordGap(T0 + 5 * HOUR + 30 * 60_000, T0 + 5 * HOUR + 30 * 60_000 + 2000);
  });

  afterAll(async () => {
    await hdb?.close();
    await historian?.stop();
    await plant?.stop();
    await store?.close();
    await database?.drop();
  });

  it('marks the span the server was down as a gap where the line breaks, and keeps the points', async () => {
    const query = { start: T0, end: T0 + 6 * HOUR, width: 600 };
    const { series } = await historian.chartData({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      ...query,
      source: 'MeasurementArchive',
    });
    const points = series[0]?.points ?? [];
    const gaps = points.filter((p) => Number.isNaN(p.v));
    expect(gaps.map((p) => p.t)).toEqual([T0 + HOUR - 60_000]);
    const at = points.findIndex((p) => Number.isNaN(p.v));
    // The last point before the gap, the marker, the first point after it.
    expect(points[at - 1]).toMatchObject({ t: T0 + HOUR - 60_000 });
    expect(points[at + 1]).toMatchObject({ t: T0 + 5 * HOUR, v: 3.5 });
    expect(points.filter((p) => !Number.isNaN(p.v))).toHaveLength(120);
    // In JSON the marker is null.
    const text = chartReplyText(
      'MeasurementArchive',
      [{ seriesId: 1, pv: LEVEL, measurementType: 'Aktuell', dimension: 'm', points, annotations: [] }],
      [],
    );
    expect(text).toContain(`{"timestamp":${T0 + HOUR - 60_000},"value":null}`);
  });

  it('draws no gap narrower than two pixel columns, and none where nothing is missing', async () => {
    // Six hours on 60 columns: 6 minutes a column, so the 2-second restart is no gap.
    const { series } = await historian.chartData({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      start: T0 + 5 * HOUR,
      end: T0 + 6 * HOUR,
      width: 60,
      source: 'MeasurementArchive',
    });
    expect(series[0]?.points.some((p) => Number.isNaN(p.v))).toBe(false);
    // Unreduced reads (the measurement table, the export) carry values only.
    const raw = await historian.chartData({
      series: [{ pv: LEVEL, measurementType: 'Aktuell' }],
      start: T0,
      end: T0 + 6 * HOUR,
      width: 600,
      source: 'MeasurementArchive',
      reduce: false,
    });
    expect(raw.series[0]?.points.some((p) => Number.isNaN(p.v))).toBe(false);
  });

  /** The historian's ingest buffer on the test's history database. */
  function ingestBuffer(options: { maxBuffer: number; chunkSize?: number }) {
    const repo = createHistoryRepository(hdb);
    const series = createSeriesRepository(hdb);
    const ingest = createIngestBuffer({
      repo,
      series,
      periods: createLocalPeriods('Europe/Berlin'),
      ...options,
    });
    return { repo, series, ingest };
  }

  it('records a span of Bad readings as a gap of that series only', async () => {
    const { repo, series, ingest } = ingestBuffer({ maxBuffer: 1000 });
    const value = (t: number, quality: ProcessValue['quality']): ProcessValue => ({
      pvRef: FLOW,
      quality,
      timestamp: t,
      type: 'DoubleValue',
      doubleValue: 120,
    });
    const t = T0 + 10 * HOUR;
    ingest.add([
      value(t, 'Good'),
      value(t + 60_000, 'Bad'),
      value(t + 120_000, 'Bad'),
      value(t + 600_000, 'Good'),
    ]);
    ingest.add([value(t + 700_000, 'Bad')]);
    ingest.closeGaps(t + 800_000);
    await ingest.flush();
    const id = (await series.find(['AnaIn-100060'])).get('AnaIn-100060') as number;
    const gaps = await repo.gaps([id], t, t + HOUR);
    expect(gaps.filter((g) => g.seriesId === id)).toEqual([
      { seriesId: id, from: t + 60_000, to: t + 600_000 },
      { seriesId: id, from: t + 700_000, to: t + 800_000 },
    ]);
  });

  it('writes a second of many values in short transactions that add up to the same record', async () => {
    const { repo, series, ingest } = ingestBuffer({ maxBuffer: 100, chunkSize: 100 });
    // 7 PVs × 150 readings in one delivery, as a big plant's tick brings them at once.
    const refs = Array.from({ length: 7 }, (_, i) => ({ type: 'AnaIn', nr: 300_001 + i }) as const);
    const t0 = T0 + 20 * HOUR;
    const batch: ProcessValue[] = [];
    for (let n = 0; n < 150; n++)
      for (const [i, pvRef] of refs.entries())
        batch.push({
          pvRef,
          quality: 'Good',
          timestamp: t0 + n * 1000,
          type: 'DoubleValue',
          doubleValue: i + n,
        });
    let turns = 0;
    const counter = setInterval(() => (turns += 1), 0);
    ingest.add(batch);
    await ingest.flush();
    clearInterval(counter);
    // Others had the event loop between the transactions.
    expect(turns).toBeGreaterThan(0);
    const ids = await series.find(refs.map((r) => `AnaIn-${r.nr}`));
    for (const [i, pvRef] of refs.entries()) {
      const id = ids.get(`AnaIn-${pvRef.nr}`) as number;
      const [quarter] = await repo.rollups('QuarterHourValues', id, t0, t0 + 15 * 60_000);
      expect(quarter?.count).toBe(150);
      expect(quarter?.sum).toBe(150 * i + (149 * 150) / 2);
      expect(quarter?.minV).toBe(i);
      expect(quarter?.maxV).toBe(i + 149);
      expect(await repo.lastSample(id)).toEqual({ t: t0 + 149_000, v: i + 149 });
    }
  });

  it("tells each PV's last archived value, where the data source resumes", async () => {
    const last = await historian.lastSamples();
    expect(last.get('AnaIn-100010')).toEqual({ t: T0 + 6 * HOUR - 60_000, v: 3.5 });
    expect(await historian.hasHistory()).toBe(true);
  });
});
