import {
  archivedNumber,
  mergeRollups,
  pvKey,
  rollupOf,
  addSample,
  type LocalPeriods,
  type ProcessValue,
  type Rollup,
  type RollupArchive,
} from '@leitwarte/core';
import {
  isBusy,
  type HistoryRepository,
  type SampleRow,
  type SeriesRepository,
  type SeriesRollup,
} from '../../store/historian/index.js';

const ARCHIVES: readonly RollupArchive[] = ['QuarterHourValues', 'DayValues', 'MonthValues'];

/** In-memory buffer of samples, written in batches. */
export interface IngestBuffer {
  add(values: readonly ProcessValue[]): void;
  /** Ends the spans of Bad readings still open at `at` (the historian stops): recorded as gaps. */
  closeGaps(at: number): void;
  /** Writes what is buffered; resolves when it is committed. */
  flush(): Promise<void>;
  readonly buffered: number;
}

export interface IngestOptions {
  repo: HistoryRepository;
  series: SeriesRepository;
  periods: LocalPeriods;
  /** A full buffer is flushed at once, without waiting for the timer. */
  maxBuffer: number;
  /**
   * Samples per transaction (default: all of a flush in one). SQLite writes block the event
   * loop, so the historian gives it `maxBuffer` there; PostgreSQL's writes do not.
   */
  chunkSize?: number;
  /**
   * SQLite: the historian's writer thread. Flushes of at least `threadFrom` samples are written
   * there, so the server's thread spends no time in SQLite for them.
   */
  thread?: SampleWriterThread;
  /** Smallest flush the thread writes (default 1: every one). */
  threadFrom?: number;
  onError?: (error: unknown) => void;
}

/** Gives the event loop back: requests and live messages waiting go first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes samples on another thread (writer-thread.ts); resolves once they are committed. */
export interface SampleWriterThread {
  /** False once the thread has ended: flushes are written here again. */
  readonly alive: boolean;
  write(seriesIds: Int32Array, times: Float64Array, values: Float64Array): Promise<void>;
}

/**
 * Samples sorted by series and time, one per (series, time): the last given wins, as a later
 * upsert would. Sorted rows make sequential index inserts and let consecutive samples of a
 * period merge into one rollup.
 */
export function uniqueSamples(rows: readonly SampleRow[]): SampleRow[] {
  const indexed = rows.map((row, i) => ({ row, i }));
  indexed.sort((x, y) => x.row.seriesId - y.row.seriesId || x.row.t - y.row.t || x.i - y.i);
  const unique: SampleRow[] = [];
  for (const { row } of indexed) {
    const prev = unique[unique.length - 1];
    if (prev && prev.seriesId === row.seriesId && prev.t === row.t) unique[unique.length - 1] = row;
    else unique.push(row);
  }
  return unique;
}

/**
 * Writes sorted samples in transactions of at most `chunkSize` rows with their rollups; `between`
 * runs between two of them. A plant of 100,000 PVs delivers a whole second's values at once,
 * and one SQLite transaction of them would hold the write lock (and, on the server's thread,
 * every request and live message) for about a second. Rows are upserts and each chunk's rollups
 * merge into what is stored, so the chunks add up to the same record. Returns the rows not
 * written because the write lock was taken (busy).
 */
export async function writeSampleChunks(
  repo: HistoryRepository,
  periods: LocalPeriods,
  sorted: readonly SampleRow[],
  chunkSize: number | undefined,
  between: () => Promise<void>,
): Promise<SampleRow[]> {
  const size = Math.max(1, chunkSize ?? Number.POSITIVE_INFINITY);
  for (let from = 0; from < sorted.length; from += size) {
    if (from > 0) await between();
    const samples = sorted.slice(from, from + size);
    try {
      await repo.write({ samples, merge: rollupBatch(samples, periods) });
    } catch (error) {
      if (isBusy(error)) return sorted.slice(from);
      throw error;
    }
  }
  return [];
}

/** Rollups of samples sorted by series and time, per archive (consecutive samples of a period merge). */
export function rollupBatch(
  samples: readonly SampleRow[],
  periods: LocalPeriods,
): Record<RollupArchive, SeriesRollup[]> {
  const out = {} as Record<RollupArchive, SeriesRollup[]>;
  for (const archive of ARCHIVES) {
    const rows: SeriesRollup[] = [];
    let current: SeriesRollup | null = null;
    for (const s of samples) {
      const period = periods.periodStart(archive, s.t);
      if (current !== null && current.seriesId === s.seriesId && current.t === period) {
        addSample(current, s.t, s.v);
      } else {
        current = { ...rollupOf(period, s.t, s.v), seriesId: s.seriesId };
        rows.push(current);
      }
    }
    out[archive] = rows;
  }
  return out;
}

/**
 * Buffers archivable values (numbers of Good or Uncertain quality; a Bad value is no
 * measurement) and writes them in one transaction per flush: samples plus the merged rollups.
 * Flushes run one at a time; values arriving meanwhile wait for the next.
 */
export function createIngestBuffer(options: IngestOptions): IngestBuffer {
  const { repo, series, periods } = options;
  let keys: string[] = [];
  let times: number[] = [];
  let values: number[] = [];
  let running: Promise<void> = Promise.resolve();
  // Since when a PV's readings are Bad (not archived): a gap in its record once they end.
  const badSince = new Map<string, number>();
  let gaps: { key: string; from: number; to: number }[] = [];

  async function writeGaps(list: { key: string; from: number; to: number }[]): Promise<void> {
    if (list.length === 0) return;
    const ids = await series.ensure([...new Set(list.map((g) => g.key))]);
    await repo.addGaps(list.map((g) => ({ seriesId: ids.get(g.key) ?? 0, from: g.from, to: g.to })));
  }

  /**
   * Writes the samples: on the writer thread when one is given and the flush is large, else
   * here in transactions of at most `chunkSize` rows (writeSampleChunks). Returns the rows not
   * written when the write lock was taken (busy), to be kept.
   */
  async function write(k: string[], t: number[], v: number[]): Promise<{ key: string; row: SampleRow }[]> {
    const ids = await series.ensure([...new Set(k)]);
    const thread = options.thread;
    if (thread?.alive && k.length >= (options.threadFrom ?? 1)) {
      const seriesIds = new Int32Array(k.length);
      for (let i = 0; i < k.length; i++) seriesIds[i] = ids.get(k[i] as string) ?? 0;
      await thread.write(seriesIds, Float64Array.from(t), Float64Array.from(v));
      return [];
    }
    const keyOf = new Map<number, string>();
    for (const [key, id] of ids) keyOf.set(id, key);
    const rows = k.map((key, i) => ({ seriesId: ids.get(key) ?? 0, t: t[i] as number, v: v[i] as number }));
    const unwritten = await writeSampleChunks(
      repo,
      periods,
      uniqueSamples(rows),
      options.chunkSize,
      nextTurn,
    );
    return unwritten.map((row) => ({ key: keyOf.get(row.seriesId) ?? '', row }));
  }

  const flush = () => {
    if (gaps.length > 0) {
      const closed = gaps;
      gaps = [];
      running = running.then(() => writeGaps(closed).catch((error: unknown) => options.onError?.(error)));
    }
    if (keys.length === 0) return running;
    const [k, t, v] = [keys, times, values];
    keys = [];
    times = [];
    values = [];
    running = running.then(() =>
      write(k, t, v).then(
        (unwritten) => {
          // The write lock was taken (the backfill thread writes): kept for the next flush.
          if (unwritten.length === 0) return;
          keys = unwritten.map((e) => e.key).concat(keys);
          times = unwritten.map((e) => e.row.t).concat(times);
          values = unwritten.map((e) => e.row.v).concat(values);
        },
        (error: unknown) => {
          if (isBusy(error)) {
            keys = k.concat(keys);
            times = t.concat(times);
            values = v.concat(values);
          } else options.onError?.(error);
        },
      ),
    );
    return running;
  };

  return {
    add(batch) {
      for (const value of batch) {
        if (value.quality === 'Bad') {
          const key = pvKey(value.pvRef);
          if (!badSince.has(key)) badSince.set(key, value.timestamp);
          continue;
        }
        const n = archivedNumber(value);
        if (n === null) continue;
        const key = pvKey(value.pvRef);
        const since = badSince.get(key);
        if (since !== undefined) {
          badSince.delete(key);
          gaps.push({ key, from: since, to: value.timestamp });
        }
        keys.push(key);
        times.push(value.timestamp);
        values.push(n);
      }
      if (keys.length >= options.maxBuffer) void flush();
    },
    flush,
    closeGaps(at) {
      for (const [key, from] of badSince) gaps.push({ key, from, to: at });
      badSince.clear();
    },
    get buffered() {
      return keys.length;
    },
  };
}

/** Merges rollups of the same series and period (backfill keeps them per series). */
export function mergeInto(map: Map<number, Rollup>, r: Rollup): void {
  const old = map.get(r.t);
  map.set(r.t, old ? mergeRollups(old, r) : r);
}
