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
  onError?: (error: unknown) => void;
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
   * Writes the samples in transactions of at most `chunkSize` rows, giving the event loop back
   * between them: a plant of 100,000 PVs delivers a whole second's values at once, and one
   * SQLite transaction of them would hold every request and live message for about a second.
   * Rows are upserts and each chunk's rollups merge into what is stored, so the chunks add up to
   * the same record. Returns the rows not written when the write lock was taken (busy), to be
   * kept.
   */
  async function write(k: string[], t: number[], v: number[]): Promise<{ key: string; row: SampleRow }[]> {
    const ids = await series.ensure([...new Set(k)]);
    // Sorted by series and time: sequential index inserts, and one row per (series, time).
    const indexed = k.map((key, i) => ({
      key,
      row: { seriesId: ids.get(key) ?? 0, t: t[i] as number, v: v[i] as number },
      i,
    }));
    indexed.sort((x, y) => x.row.seriesId - y.row.seriesId || x.row.t - y.row.t || x.i - y.i);
    const unique: { key: string; row: SampleRow }[] = [];
    for (const entry of indexed) {
      const prev = unique[unique.length - 1];
      if (prev && prev.row.seriesId === entry.row.seriesId && prev.row.t === entry.row.t)
        unique[unique.length - 1] = entry;
      else unique.push(entry);
    }
    const size = Math.max(1, options.chunkSize ?? Number.POSITIVE_INFINITY);
    for (let from = 0; from < unique.length; from += size) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      const samples = unique.slice(from, from + size).map((e) => e.row);
      try {
        await repo.write({ samples, merge: rollupBatch(samples, periods) });
      } catch (error) {
        if (isBusy(error)) return unique.slice(from);
        throw error;
      }
    }
    return [];
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
