import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../index.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import {
  SAMPLE_DAY_MS,
  createHistoryRepository,
  createSeriesRepository,
  decodeSampleDay,
  encodeSampleDay,
  openHistoryDb,
  type HistoryDb,
  type HistoryRepository,
  type SampleDays,
} from './index.js';

// Packed sample days (SQLite): a chart reads closed days one row each, and a packed day never
// shows other samples than history_sample holds.

const DAY0 = Date.UTC(2025, 5, 2);
const AWKWARD = [0.1 + 0.2, 5e-324, -1.7976931348623157e308, Math.PI, -1e-7, 123456789.12345679];

describe('packed sample days on SQLite', () => {
  let database: TestDatabase;
  let store: Store;
  let hdb: HistoryDb;
  let repo: HistoryRepository;
  let days: SampleDays;
  let id: number;
  const samples: { t: number; v: number }[] = [];

  /** Samples of [from, to) as a chart reads them, and whether packed days covered them. */
  const visit = (from: number, to: number, maxLoose = 7) => {
    const seen: { t: number; v: number }[] = [];
    const covered = days.visitRuns(id, from, to, maxLoose, (base, offsets, values, i, j) => {
      for (let k = i; k < j; k++) seen.push({ t: base + (offsets[k] as number), v: values[k] as number });
    });
    return { covered, seen };
  };
  const stored = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t < to);

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    hdb = await openHistoryDb(store, database.dataDir);
    repo = createHistoryRepository(hdb);
    days = repo.sampleDays as SampleDays;
    id = (await createSeriesRepository(hdb).ensure(['AnaIn-1'])).get('AnaIn-1') as number;
    // Four days, every 7 minutes, with the awkward doubles among them.
    for (let t = DAY0 + 30_000, i = 0; t < DAY0 + 4 * SAMPLE_DAY_MS; t += 7 * 60_000, i++) {
      samples.push({ t, v: AWKWARD[i % AWKWARD.length] as number });
    }
    await repo.write({ samples: samples.map((s) => ({ seriesId: id, ...s })), merge: {} });
  });

  afterAll(async () => {
    await hdb.close();
    await store.close();
    await database.drop();
  });

  it('packs values and times exactly, also from a blob that is not 8-byte aligned', () => {
    const times = [DAY0, DAY0 + 1, DAY0 + SAMPLE_DAY_MS - 1];
    const values = [-0, 5e-324, Math.PI];
    const packed = encodeSampleDay(DAY0, times, values);
    const shifted = new Uint8Array(packed.byteLength + 3).subarray(3);
    shifted.set(packed);
    for (const blob of [packed, shifted]) {
      const { offsets, values: read } = decodeSampleDay(blob);
      expect([...offsets].map((o) => DAY0 + o)).toEqual(times);
      expect(Object.is(read[0], -0)).toBe(true);
      expect([...read]).toEqual(values);
    }
  });

  it('reads packed and unpacked days alike, and leaves a range with too many unpacked days to other reads', () => {
    const [from, to] = [DAY0 + 3_333_333, DAY0 + 4 * SAMPLE_DAY_MS - 999];
    expect(visit(from, to)).toEqual({ covered: true, seen: stored(from, to) });
    expect(visit(from, to, 2)).toEqual({ covered: false, seen: [] });
    for (let day = DAY0; day < DAY0 + 3 * SAMPLE_DAY_MS; day += SAMPLE_DAY_MS) {
      expect(days.pack(id, day)).toBe(stored(day, day + SAMPLE_DAY_MS).length);
    }
    expect(days.packedDays(id, DAY0, DAY0 + 4 * SAMPLE_DAY_MS)).toHaveLength(3);
    // The fourth day is not packed: read from history_sample, still within the limit.
    expect(visit(from, to, 1)).toEqual({ covered: true, seen: stored(from, to) });
  });

  it('drops a packed day when a sample is written into it, and packs it again', async () => {
    const late = { t: DAY0 + SAMPLE_DAY_MS + 61_000, v: 999 };
    await repo.write({ samples: [{ seriesId: id, ...late }], merge: {} });
    samples.push(late);
    samples.sort((a, b) => a.t - b.t);
    expect(days.packedDays(id, DAY0, DAY0 + 4 * SAMPLE_DAY_MS)).toEqual([DAY0, DAY0 + 2 * SAMPLE_DAY_MS]);
    expect([...(days.dropped().get(id) ?? [])]).toEqual([DAY0 + SAMPLE_DAY_MS]);
    expect(visit(DAY0, DAY0 + 4 * SAMPLE_DAY_MS).seen).toEqual(stored(DAY0, DAY0 + 4 * SAMPLE_DAY_MS));
    days.pack(id, DAY0 + SAMPLE_DAY_MS);
    expect(days.dropped().get(id)?.size).toBe(0);
    expect(visit(DAY0, DAY0 + 4 * SAMPLE_DAY_MS).seen).toEqual(stored(DAY0, DAY0 + 4 * SAMPLE_DAY_MS));
  });

  it('drops packed days with the samples retention deletes, and notes a day it cut', async () => {
    const before = DAY0 + SAMPLE_DAY_MS + 12 * 3_600_000;
    await repo.deleteOldest('MeasurementArchive', id, before, 1_000_000);
    samples.splice(0, samples.filter((s) => s.t < before).length);
    expect(days.packedDays(id, DAY0, DAY0 + 4 * SAMPLE_DAY_MS)).toEqual([DAY0 + 2 * SAMPLE_DAY_MS]);
    expect(
      days
        .dropped()
        .get(id)
        ?.has(DAY0 + SAMPLE_DAY_MS),
    ).toBe(true);
    expect(visit(DAY0, DAY0 + 4 * SAMPLE_DAY_MS).seen).toEqual(stored(DAY0, DAY0 + 4 * SAMPLE_DAY_MS));
  });
});
