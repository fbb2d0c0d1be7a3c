import { QUARTER_HOUR_MS, decodeRunTiles, encodeRunTiles, runTiles, type RunTiles } from '@leitwarte/core';
import type Database from 'better-sqlite3';
import { isBusy } from './busy.js';

/** Length of a sample day: UTC days, so a day never changes with the plant's time zone. */
export const SAMPLE_DAY_MS = 86_400_000;

/** A packed day's tiles are its quarter hours. */
const TILES_PER_DAY = SAMPLE_DAY_MS / QUARTER_HOUR_MS;

/** Start of the UTC day holding t. */
export const sampleDayOf = (t: number) => Math.floor(t / SAMPLE_DAY_MS) * SAMPLE_DAY_MS;

/**
 * Samples in time order as offsets from a base time and values; a chart reduces [from, to) of
 * them (see M4Reducer.pushRun).
 */
export type SampleRunVisitor = (
  base: number,
  offsets: Int32Array,
  values: Float64Array,
  from: number,
  to: number,
  tiles: RunTiles | null,
) => void;

/**
 * A closed day of a series' raw samples packed into one row: n values (float64) followed by
 * n offsets from the day's start (int32 ms), little-endian. A year of one-minute samples is
 * then 365 rows instead of 525,600, and a chart of it reads about 6 MB in one pass instead of
 * searching rollups and cut quarter hours (measured: 8 series a year, 170 → about 50 ms).
 * history_sample stays the record: a day is packed only once it is over, a write into a packed
 * day drops its row, and a read finds any day without a row in history_sample. Beside the
 * samples a row keeps its day's tiles (run-tiles.ts in core): where each quarter hour starts and
 * its extremes, so that M4 takes the quarter hours inside a pixel column from them.
 */
export function encodeSampleDay(day: number, times: readonly number[], values: readonly number[]): Buffer {
  const n = times.length;
  const packed = Buffer.alloc(12 * n);
  const v = new Float64Array(packed.buffer, packed.byteOffset, n);
  const o = new Int32Array(packed.buffer, packed.byteOffset + 8 * n, n);
  for (let i = 0; i < n; i++) {
    v[i] = values[i] as number;
    o[i] = (times[i] as number) - day;
  }
  return packed;
}

/** The offsets and values of a packed day (copied once if the blob is not 8-byte aligned). */
export function decodeSampleDay(packed: Uint8Array): { offsets: Int32Array; values: Float64Array } {
  const n = packed.byteLength / 12;
  if (!Number.isInteger(n)) throw new Error('a packed sample day is 12 bytes per sample');
  const aligned = packed.byteOffset % 8 === 0 ? packed : new Uint8Array(packed);
  return {
    values: new Float64Array(aligned.buffer, aligned.byteOffset, n),
    offsets: new Int32Array(aligned.buffer, aligned.byteOffset + 8 * n, n),
  };
}

/** The packed sample days of a SQLite historian connection. */
export type SampleDays = ReturnType<typeof createSampleDays>;

export function createSampleDays(raw: Database.Database) {
  const scan = raw
    .prepare('select t, v from history_sample where series_id = ? and t >= ? and t < ? order by t')
    .raw();
  const rows = raw
    .prepare(
      'select day, samples, tiles from history_sample_day where series_id = ? and day >= ? and day < ? order by day',
    )
    .raw();
  const daysIn = raw
    .prepare('select day from history_sample_day where series_id = ? and day >= ? and day < ? order by day')
    .pluck();
  const edge = (order: 'asc' | 'desc') =>
    raw.prepare(`select t from history_sample where series_id = ? order by t ${order} limit 1`).pluck();
  const first = edge('asc');
  const last = edge('desc');
  const newest = raw.prepare('select max(day) from history_sample_day').pluck();
  const allSeries = raw.prepare('select id from history_series order by id').pluck();
  const put = raw.prepare(
    'insert into history_sample_day (series_id, day, samples, tiles) values (?, ?, ?, ?) on conflict (series_id, day) do update set samples = excluded.samples, tiles = excluded.tiles',
  );
  const drop = raw.prepare('delete from history_sample_day where series_id = ? and day = ?');
  const dropBefore = raw.prepare('delete from history_sample_day where series_id = ? and day < ?');

  const packDay = raw.transaction((seriesId: number, day: number): number => {
    const { times, values } = samplesOf(seriesId, day, day + SAMPLE_DAY_MS);
    if (times.length === 0) drop.run(seriesId, day);
    else {
      const packed = encodeSampleDay(day, times, values);
      const run = decodeSampleDay(packed);
      const tiles = encodeRunTiles(runTiles(run.offsets, run.values, QUARTER_HOUR_MS, TILES_PER_DAY));
      put.run(seriesId, day, packed, Buffer.from(tiles.buffer, tiles.byteOffset, tiles.byteLength));
    }
    return times.length;
  });

  // Writes at or after this time cannot touch a packed day (none starts there or later).
  let packedBelow = Infinity;
  // Packed days a write dropped, to pack again (series id → day starts).
  const dropped = new Map<number, Set<number>>();

  const noteDropped = (seriesId: number, day: number) => {
    let days = dropped.get(seriesId);
    if (!days) dropped.set(seriesId, (days = new Set()));
    days.add(day);
  };
  // all() rather than iterate(): a day of rows in one native call, not one generator step each.
  const samplesOf = (seriesId: number, from: number, to: number) => {
    const rows = scan.all(seriesId, from, to) as [number, number][];
    const times = new Array<number>(rows.length);
    const values = new Array<number>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as [number, number];
      times[i] = row[0];
      values[i] = row[1];
    }
    return { times, values };
  };
  // Unpacked samples in [from, to) as runs of one day each (offsets from the day's start).
  const visitLoose = (seriesId: number, from: number, to: number, visit: SampleRunVisitor) => {
    for (let day = sampleDayOf(from); day < to; day += SAMPLE_DAY_MS) {
      const { times, values } = samplesOf(seriesId, Math.max(from, day), Math.min(to, day + SAMPLE_DAY_MS));
      if (times.length === 0) continue;
      const run = decodeSampleDay(encodeSampleDay(day, times, values));
      visit(day, run.offsets, run.values, 0, times.length, null);
    }
  };

  return {
    /**
     * Visits the samples of a series in [from, to) in time order, the packed days as they are
     * stored and the rest from history_sample, in one synchronous pass (no write in between).
     * Visits nothing and returns false when more than `maxLooseDays` days holding samples are
     * not packed (a chart reads them better another way).
     */
    visitRuns(
      seriesId: number,
      from: number,
      to: number,
      maxLooseDays: number,
      visit: SampleRunVisitor,
    ): boolean {
      const oldest = first.get(seriesId) as number | undefined;
      const newestT = last.get(seriesId) as number | undefined;
      if (oldest === undefined || newestT === undefined) return true;
      const a = Math.max(from, oldest);
      const b = Math.min(to, newestT + 1);
      if (!(b > a)) return true;
      const firstDay = sampleDayOf(a);
      const packed = daysIn.all(seriesId, firstDay, b) as number[];
      const days = (sampleDayOf(b - 1) - firstDay) / SAMPLE_DAY_MS + 1;
      if (days - packed.length > maxLooseDays) return false;
      let at = a;
      for (const [day, blob, tileBytes] of rows.iterate(seriesId, firstDay, b) as Iterable<
        [number, Buffer, Buffer | null]
      >) {
        if (day > at) visitLoose(seriesId, at, day, visit);
        const { offsets, values } = decodeSampleDay(blob);
        const tiles = tileBytes === null ? null : decodeRunTiles(tileBytes, QUARTER_HOUR_MS);
        // Only the part of the day inside [a, b): the first and last day of a range.
        let i = 0;
        let j = offsets.length;
        if (day < a) while (i < j && day + (offsets[i] as number) < a) i++;
        if (day + SAMPLE_DAY_MS > b) while (j > i && day + (offsets[j - 1] as number) >= b) j--;
        if (j > i) visit(day, offsets, values, i, j, tiles);
        at = Math.max(at, day + SAMPLE_DAY_MS);
      }
      if (b > at) visitLoose(seriesId, at, b, visit);
      return true;
    },

    /**
     * Packs a closed day of a series (or drops its row when it holds no sample); returns the
     * samples packed. Read and write are one transaction holding the write lock: a sample that
     * another connection (the writer thread) commits into the day comes before, and is packed,
     * or after, and drops the packed row. When the lock stays taken the day is noted to be
     * packed on the next pass and 0 is returned.
     */
    pack(seriesId: number, day: number): number {
      try {
        const count = packDay.immediate(seriesId, day);
        dropped.get(seriesId)?.delete(day);
        return count;
      } catch (error) {
        if (!isBusy(error)) throw error;
        noteDropped(seriesId, day);
        return 0;
      }
    },

    /** Every series of the history (also of PVs the plant no longer has). */
    seriesIds(): number[] {
      return allSeries.all() as number[];
    },

    /** Time of the oldest raw sample of a series, if any. */
    oldestSample(seriesId: number): number | null {
      return (first.get(seriesId) as number | undefined) ?? null;
    },

    /** The packed days of a series in [from, to). */
    packedDays(seriesId: number, from: number, to: number): number[] {
      return daysIn.all(seriesId, from, to) as number[];
    },

    /**
     * A write transaction begins: the newest packed day is looked up (one probe), so that days
     * packed through another connection are dropped by this one's writes too.
     */
    writing(): void {
      packedBelow = ((newest.get() as number | null) ?? -Infinity) + SAMPLE_DAY_MS;
    },

    /**
     * A sample of a series written at t (in the writer's transaction, after writing()): the packed day holding it,
     * if any, no longer shows it, so it is dropped and noted to be packed again.
     */
    written(seriesId: number, t: number): void {
      if (t >= packedBelow) return;
      const day = sampleDayOf(t);
      if (drop.run(seriesId, day).changes === 0) return;
      noteDropped(seriesId, day);
    },

    /** Samples of a series before t were deleted (retention): packed days that held any go too. */
    deletedBefore(seriesId: number, t: number): void {
      if (dropBefore.run(seriesId, t).changes === 0 || sampleDayOf(t) === t) return;
      // The day holding t keeps its samples from t on: packed again without the deleted ones.
      noteDropped(seriesId, sampleDayOf(t));
    },

    /**
     * Packed days that the writer on another connection dropped (its drainDropped()): packed
     * again by this connection's packer.
     */
    noteDropped(seriesId: number, day: number): void {
      noteDropped(seriesId, day);
    },

    /** The days this connection's writes dropped, as series id, day pairs, forgotten here. */
    drainDropped(): [number, number][] {
      const pairs: [number, number][] = [];
      for (const [seriesId, days] of dropped) for (const day of days) pairs.push([seriesId, day]);
      dropped.clear();
      return pairs;
    },

    /** The days dropped by writes since they were last packed, by series id. */
    dropped(): ReadonlyMap<number, ReadonlySet<number>> {
      return dropped;
    },
  };
}
