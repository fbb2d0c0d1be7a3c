import { SAMPLE_DAY_MS, sampleDayOf, type SampleDays } from '../../store/historian/index.js';

/** What a packing pass did. */
export interface PackResult {
  days: number;
  samples: number;
  ms: number;
}

/**
 * Packs the closed days of every series (sample-days.ts) in the background: at start, every
 * pass after, and the days a late write dropped. A day is packed once it ended `graceMs` ago,
 * so samples still arriving for it (a flush, a station's buffered values) usually come first;
 * any that come later drop the packed day again, and the next pass packs it anew.
 */
export function createDayPacker(deps: {
  days: SampleDays;
  seriesIds: () => Promise<number[]>;
  now: () => number;
  graceMs?: number;
  /** Work done between two yields to the event loop, in ms. */
  sliceMs?: number;
}) {
  const { days } = deps;
  const grace = deps.graceMs ?? 5 * 60_000;
  const sliceMs = deps.sliceMs ?? 10;
  // Per series: every day before this one was packed or found empty.
  const packedThrough = new Map<number, number>();
  let queue: Promise<PackResult> = Promise.resolve({ days: 0, samples: 0, ms: 0 });
  let stopped = false;

  const pass = async (): Promise<PackResult> => {
    const started = performance.now();
    const result = { days: 0, samples: 0, ms: 0 };
    const closedBefore = sampleDayOf(deps.now() - grace);
    let sliceStart = performance.now();
    const maybeYield = async () => {
      if (performance.now() - sliceStart < sliceMs) return;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    };
    const pack = (seriesId: number, day: number) => {
      result.samples += days.pack(seriesId, day);
      result.days++;
    };
    for (const seriesId of await deps.seriesIds()) {
      if (stopped) break;
      const oldest = days.oldestSample(seriesId);
      if (oldest === null) continue;
      const from = Math.max(sampleDayOf(oldest), packedThrough.get(seriesId) ?? -Infinity);
      const packed = new Set(days.packedDays(seriesId, from, closedBefore));
      for (let day = from; day < closedBefore && !stopped; day += SAMPLE_DAY_MS) {
        if (!packed.has(day)) pack(seriesId, day);
        await maybeYield();
      }
      packedThrough.set(seriesId, closedBefore);
    }
    for (const [seriesId, dropped] of days.dropped()) {
      for (const day of [...dropped]) if (!stopped && day < closedBefore) pack(seriesId, day);
    }
    result.ms = Math.round(performance.now() - started);
    return result;
  };

  return {
    /** One pass over every series, after any pass under way. */
    run(): Promise<PackResult> {
      queue = queue.then(pass, pass);
      return queue;
    },
    /** Ends passes at the next day; resolves once the one under way has. */
    async stop(): Promise<void> {
      stopped = true;
      await queue.catch(() => undefined);
    },
  };
}
