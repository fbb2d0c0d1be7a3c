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

  async function write(k: string[], t: number[], v: number[]): Promise<void> {
    const ids = await series.ensure([...new Set(k)]);
    // Sorted by series and time: sequential index inserts, and one row per (series, time).
    const order = k.map((_, i) => i);
    const rows: SampleRow[] = order.map((i) => ({
      seriesId: ids.get(k[i] as string) ?? 0,
      t: t[i] as number,
      v: v[i] as number,
    }));
    const indexed = rows.map((row, i) => ({ row, i }));
    indexed.sort((x, y) => x.row.seriesId - y.row.seriesId || x.row.t - y.row.t || x.i - y.i);
    const samples: SampleRow[] = [];
    for (const { row } of indexed) {
      const prev = samples[samples.length - 1];
      if (prev && prev.seriesId === row.seriesId && prev.t === row.t) samples[samples.length - 1] = row;
      else samples.push(row);
    }
    await repo.write({ samples, merge: rollupBatch(samples, periods) });
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
      write(k, t, v).catch((error: unknown) => {
        // The write lock was taken (the backfill thread writes): kept for the next flush.
        if (isBusy(error)) {
          keys = k.concat(keys);
          times = t.concat(times);
          values = v.concat(values);
        } else options.onError?.(error);
      }),
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
