// Historian figures: batched ingest on SQLite and PostgreSQL, backfill of the demo year, and a
// one-year M4 chart query (1 and 8 series, width 1,920) against the naive query of all raw rows
// for the same range in the same run (time and bytes). Imports the compiled server modules:
// run `npm run build` first (npm run bench does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, ROOT, report } from '../support.mjs';

const dist = (p) => new URL(`packages/server/dist/${p}`, `file://${ROOT}`).href;
const { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } = await import(dist('plant/index.js'));
const { createSimulator } = await import(dist('sources/index.js'));
const { openStore } = await import(dist('store/index.js'));
const { createHistorian } = await import(dist('plant/history/index.js'));
const { createIngestBuffer } = await import(dist('plant/history/ingest.js'));
const { createHistoryRepository, createSeriesRepository, openHistoryDb } = await import(
  dist('store/historian/index.js')
);
const { createLocalPeriods } = await import(new URL('packages/core/dist/index.js', `file://${ROOT}`).href);

const INGEST_SAMPLES = Number(process.env.BENCH_INGEST_SAMPLES ?? 1_000_000);
const YEAR = 365 * 86_400_000;

/** A fresh SQLite data directory or PostgreSQL database (created here, dropped after). */
async function createTestDatabase(dialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-'));
  const rm = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { databaseUrl: null, dataDir, drop: async () => rm() };
  const database = await createPgDatabase('bench');
  return {
    databaseUrl: database.url,
    dataDir,
    drop: async () => {
      await database.drop();
      rm();
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function open(dialect) {
  const database = await createTestDatabase(dialect);
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  const definition = loadPlantDefinition(DEMO_PLANT_PATH);
  const plant = createPlant({ definition, source: createSimulator(definition, { autoTick: false }) });
  await plant.start();
  return { database, store, plant };
}

/** Samples/s through the ingest buffer (batches of 5,000, one transaction each) into a fresh archive. */
async function ingest(dialect) {
  const { database, store, plant } = await open(dialect);
  const hdb = await openHistoryDb(store, database.dataDir);
  const buffer = createIngestBuffer({
    repo: createHistoryRepository(hdb),
    series: createSeriesRepository(hdb),
    periods: createLocalPeriods(plant.info.timeZone),
    maxBuffer: 5000,
  });
  const refs = plant
    .pvConfigs()
    .filter((c) => c.valueType === 'DoubleValue')
    .map((c) => c.pvRef);
  const t0 = Date.now() - 30 * 86_400_000;
  const batch = (i) =>
    refs.map((pvRef, k) => ({
      pvRef,
      quality: 'Good',
      timestamp: t0 + i * 1000,
      type: 'DoubleValue',
      doubleValue: Math.sin(i / 60 + k),
    }));
  buffer.add(batch(0));
  await buffer.flush();
  const started = performance.now();
  let n = 0;
  for (let i = 1; n < INGEST_SAMPLES; i++) {
    const values = batch(i);
    n += values.length;
    buffer.add(values);
    if (buffer.buffered >= 5000) await buffer.flush();
  }
  await buffer.flush();
  const ms = performance.now() - started;
  await hdb.close();
  await plant.stop();
  await store.close();
  await database.drop();
  return { samples: n, ms: Math.round(ms), samplesPerSecond: Math.round((n / ms) * 1000) };
}

async function queries() {
  const { database, store, plant } = await open('sqlite');
  const historian = await createHistorian({ store, plant, dataDir: database.dataDir, backfill: false });
  const end = Date.now();
  // The whole year from the generator: no simulated recent days, no levels to continue.
  const backfill = await historian.backfill({ end, recent: null, anchors: new Map() });
  const levels = plant
    .pvConfigs()
    .filter((c) => c.pvRef.type === 'AnaIn' && c.subtype === 'Füllstand')
    .map((c) => c.pvRef);
  const query = (pvs) => ({
    series: pvs.map((pv) => ({ pv, measurementType: 'Aktuell' })),
    start: end - YEAR,
    end,
    source: 'MeasurementArchive',
    width: 1920,
  });
  const timed = async (fn, runs = 7) => {
    await fn();
    const times = [];
    let out;
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      out = await fn();
      times.push(performance.now() - s);
    }
    return { ms: +median(times).toFixed(1), out };
  };
  const one = await timed(() => historian.chartData(query(levels.slice(0, 1))));
  const eight = await timed(() => historian.chartData(query(levels.slice(0, 8))), 3);
  const hdb = await openHistoryDb(store, database.dataDir);
  const repo = createHistoryRepository(hdb);
  const [id] = (await createSeriesRepository(hdb).find([`AnaIn-${levels[0].nr}`])).values();
  const naive = await timed(async () => {
    const rows = [];
    await repo.scanSamples(id, end - YEAR, end, (t, v) => rows.push({ timestamp: t, value: v }));
    return rows;
  }, 3);
  const m4Bytes = JSON.stringify(
    one.out.series[0].points.map((p) => ({ timestamp: p.t, value: p.v })),
  ).length;
  const rawBytes = JSON.stringify(naive.out).length;
  await historian.stop();
  await plant.stop();
  await store.close();
  await database.drop();
  return {
    backfill: {
      ms: backfill.ms,
      samples: backfill.samples,
      rollups: backfill.rollups,
      series: backfill.series,
    },
    m4: { ms: one.ms, points: one.out.series[0].points.length, bytes: m4Bytes },
    m4x8: { ms: eight.ms, points: eight.out.series.reduce((n, s) => n + s.points.length, 0) },
    naive: { ms: naive.ms, rows: naive.out.length, bytes: rawBytes },
  };
}

const sqlite = await ingest('sqlite');
const postgres = await ingest('postgres');
const q = await queries();
report('historian', {
  'ingest SQLite (samples/s, target ≥ 250,000)': sqlite,
  'ingest PostgreSQL (samples/s)': postgres,
  'backfill demo year (SQLite)': q.backfill,
  'one-year raw query, naive all rows (baseline)': q.naive,
  'one-year M4 query, 1 series, width 1920 (target ≤ 30 ms warm)': {
    ...q.m4,
    timeRatioToNaive: +(q.naive.ms / q.m4.ms).toFixed(1),
    bytesRatioToNaive: +(q.naive.bytes / q.m4.bytes).toFixed(1),
  },
  'one-year M4 query, 8 series': q.m4x8,
});
