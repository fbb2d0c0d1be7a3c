// The historian's writer thread (SQLite): a big plant's flush is written on a thread of its
// own, and the record it leaves is the one the server's thread would have written.
import { createLocalPeriods, DAY_MS, type ProcessValue } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import {
  SAMPLE_DAY_MS,
  createHistoryRepository,
  createSeriesRepository,
  openHistoryDb,
  type HistoryDb,
  type HistoryRepository,
  type SampleDays,
  type SeriesRepository,
} from '../../store/historian/index.js';
import { openStore, type Store } from '../../store/index.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createHistorian } from './historian.js';
import { createIngestBuffer } from './ingest.js';
import { startWriterThread, type WriterThread } from './writer-thread.js';

const DAY0 = Date.UTC(2025, 5, 2);

describe("the historian's writer thread on SQLite", () => {
  let database: TestDatabase;
  let store: Store;
  let hdb: HistoryDb;
  let repo: HistoryRepository;
  let series: SeriesRepository;
  let days: SampleDays;
  let thread: WriterThread;
  const droppedByThread: [number, number][] = [];

  const reading = (nr: number, t: number, v: number): ProcessValue => ({
    pvRef: { type: 'AnaIn', nr },
    quality: 'Good',
    timestamp: t,
    type: 'DoubleValue',
    doubleValue: v,
  });

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    hdb = await openHistoryDb(store, database.dataDir);
    repo = createHistoryRepository(hdb);
    series = createSeriesRepository(hdb);
    days = repo.sampleDays as SampleDays;
    thread = startWriterThread(
      { file: hdb.file as string, timeZone: 'Europe/Berlin', chunkSize: 100 },
      (pairs) => {
        droppedByThread.push(...pairs);
        for (const [seriesId, day] of pairs) days.noteDropped(seriesId, day);
      },
    );
  });

  afterAll(async () => {
    await thread.close();
    await hdb.close();
    await store.close();
    await database.drop();
  });

  it('writes a flush of many values in chunks with their rollups, and the last reading of a time wins', async () => {
    const ingest = createIngestBuffer({
      repo,
      series,
      periods: createLocalPeriods('Europe/Berlin'),
      maxBuffer: 100_000,
      thread,
    });
    const t0 = DAY0 + 6 * 3_600_000;
    const batch: ProcessValue[] = [];
    for (let n = 0; n < 150; n++)
      for (let i = 0; i < 7; i++) batch.push(reading(400_001 + i, t0 + n * 1000, i + n));
    // A second reading of the same PV and time replaces the first, as it does on the server's thread.
    batch.push(reading(400_001, t0, 0.5));
    ingest.add(batch);
    await ingest.flush();
    expect(thread.alive).toBe(true);
    const ids = await series.find(Array.from({ length: 7 }, (_, i) => `AnaIn-${400_001 + i}`));
    for (let i = 0; i < 7; i++) {
      const id = ids.get(`AnaIn-${400_001 + i}`) as number;
      const [quarter] = await repo.rollups('QuarterHourValues', id, t0, t0 + 15 * 60_000);
      const first = i === 0 ? 0.5 : i;
      expect(quarter?.count).toBe(150);
      expect(quarter?.sum).toBe(150 * i + (149 * 150) / 2 - i + first);
      expect(quarter?.firstV).toBe(first);
      expect(quarter?.maxV).toBe(i + 149);
      expect(await repo.lastSample(id)).toEqual({ t: t0 + 149_000, v: i + 149 });
    }
  });

  it("hands the packed days its writes dropped to the server thread's packer", async () => {
    const id = (await series.ensure(['AnaIn-400100'])).get('AnaIn-400100') as number;
    const samples = Array.from({ length: 48 }, (_, i) => ({ seriesId: id, t: DAY0 + i * 1_800_000, v: i }));
    await repo.write({ samples, merge: {} });
    expect(days.pack(id, DAY0)).toBe(48);
    expect(days.packedDays(id, DAY0, DAY0 + SAMPLE_DAY_MS)).toEqual([DAY0]);

    // A station's buffered reading arrives late, for the packed day, through the thread.
    const late = { t: DAY0 + 61_000, v: 99 };
    await thread.write(Int32Array.of(id), Float64Array.of(late.t), Float64Array.of(late.v));
    expect(droppedByThread).toContainEqual([id, DAY0]);
    expect(days.packedDays(id, DAY0, DAY0 + SAMPLE_DAY_MS)).toEqual([]);
    expect([...(days.dropped().get(id) ?? [])]).toEqual([DAY0]);

    // Packed again here, with the late reading in it.
    expect(days.pack(id, DAY0)).toBe(49);
    const seen: number[] = [];
    days.visitRuns(id, DAY0, DAY0 + SAMPLE_DAY_MS, 0, (base, offsets, values, i, j) => {
      for (let k = i; k < j; k++)
        if (base + (offsets[k] as number) === late.t) seen.push(values[k] as number);
    });
    expect(seen).toEqual([99]);
  });
});

describe('a historian of a big plant on SQLite', () => {
  it('writes its flushes on the writer thread and ends the thread when it stops', async () => {
    const database = await createTestDatabase('sqlite');
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const clock = DAY0 + 3 * DAY_MS;
    const definition = loadPlantDefinition(DEMO_PLANT_PATH);
    const source = createSimulator(definition, { autoTick: false, now: () => clock, rates: QUIET_RATES });
    const plant = createPlant({ definition, source });
    const said: string[] = [];
    const log = {
      info: (m: string) => said.push(m),
      warn: (m: string) => said.push(m),
      error: (m: string) => said.push(m),
    };
    try {
      const historian = await createHistorian({
        store,
        plant,
        dataDir: database.dataDir,
        now: () => clock,
        flushMs: 60_000,
        writerThreadFrom: 1,
        log,
      });
      await historian.start();
      await plant.start();
      await historian.flush();
      expect(said.filter((m) => m.includes('writer thread'))).toHaveLength(1);
      const level = plant.pvConfigs().find((c) => c.pvRef.type === 'AnaIn')?.pvRef;
      if (!level) throw new Error('the demo plant has analog inputs');
      const hdb = await openHistoryDb(store, database.dataDir);
      const id = (await createSeriesRepository(hdb).find([`AnaIn-${level.nr}`])).get(`AnaIn-${level.nr}`);
      expect(id).toBeDefined();
      expect(await createHistoryRepository(hdb).lastSample(id as number)).not.toBeNull();
      await hdb.close();
      await historian.stop();
      expect(said.filter((m) => m.includes('writer thread'))).toHaveLength(1);
    } finally {
      await plant.stop();
      await store.close();
      await database.drop();
    }
  });
});
