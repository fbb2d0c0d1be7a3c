import {
  DAY_MS,
  HOUR_MS,
  QUARTER_HOUR_MS,
  pvKey,
  type LocalPeriods,
  type PvConfig,
  type Rollup,
  type RollupArchive,
} from '@leitwarte/core';
import type {
  HistoryRepository,
  SampleRow,
  SeriesRepository,
  SeriesRollup,
} from '../../store/historian/index.js';
import type { Plant } from '../plant.js';
import { generatorFor } from './generator.js';

/** What the backfill writes; see the historian's README section for why. */
export interface BackfillPlan {
  /** History length. */
  days: number;
  /** Raw one-minute samples of every PV for this many days before the end. */
  rawDaysAll: number;
  /** Quarter-hour values of every PV for this many days before the end (Auto reads them up to a month). */
  quarterHourDaysAll: number;
  /** PVs that get raw samples and quarter-hour values for the whole history. */
  fullResolution: (config: PvConfig) => boolean;
}

/** Levels of tanks and basins: what operators compare with last month and last year. */
const FULL_RESOLUTION_SUBTYPES = new Set(['Füllstand']);

/** Full resolution for a year for the levels (9 in the demo plant); see the README section. */
export const DEFAULT_BACKFILL_PLAN: BackfillPlan = {
  days: 366,
  rawDaysAll: 7,
  quarterHourDaysAll: 35,
  fullResolution: (c) => c.pvRef.type === 'AnaIn' && FULL_RESOLUTION_SUBTYPES.has(c.subtype),
};

export interface BackfillResult {
  series: number;
  samples: number;
  rollups: number;
  ms: number;
}

export interface BackfillOptions {
  repo: HistoryRepository;
  series: SeriesRepository;
  plant: Plant;
  periods: LocalPeriods;
  /** History ends here (exclusive); live ingest continues from it. */
  end: number;
  plan?: BackfillPlan;
  onProgress?: (done: number, total: number) => void;
  /** Checked between series; true stops the backfill. */
  aborted?: () => boolean;
}

const SAMPLE_BATCH = 50_000;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Local period starts from `first` up to past `to`. */
function boundaries(first: number, to: number, next: (t: number) => number): number[] {
  const out = [first];
  while ((out[out.length - 1] as number) <= to) out.push(next(out[out.length - 1] as number));
  return out;
}

/** Adds a later quarter hour to a day or month in place (no object per quarter hour). */
function absorb(into: Rollup, r: Rollup): void {
  into.count += r.count;
  into.sum += r.sum;
  into.lastT = r.lastT;
  into.lastV = r.lastV;
  if (r.minV < into.minV) {
    into.minV = r.minV;
    into.minT = r.minT;
  }
  if (r.maxV > into.maxV) {
    into.maxV = r.maxV;
    into.maxT = r.maxT;
  }
}

/**
 * Generates the plant's history up to `end` in one pass per PV: a day of minutes at a time,
 * reduced to quarter hours on the fly, quarter hours merged into local days and months. Rollups
 * are merged into what is stored, so a live value that arrived meanwhile is kept.
 */
export async function backfillHistory(options: BackfillOptions): Promise<BackfillResult> {
  const started = performance.now();
  const plan = options.plan ?? DEFAULT_BACKFILL_PLAN;
  const { repo, periods, plant } = options;
  const end = Math.floor(options.end / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const start = end - plan.days * DAY_MS;
  const minutes = (end - start) / 60_000;
  const configs = [...plant.pvConfigs()];
  // Full-resolution PVs last: everything else has its recent data after the first seconds.
  configs.sort((a, b) => Number(plan.fullResolution(a)) - Number(plan.fullResolution(b)));
  const ids = await options.series.ensure(configs.map((c) => pvKey(c.pvRef)));
  const days = Math.ceil(minutes / 1440);
  const hour0 = Array.from(
    { length: days },
    (_, d) => (start + d * DAY_MS - periods.dayStart(start + d * DAY_MS)) / HOUR_MS,
  );
  const dayOfYear = Array.from({ length: days }, (_, d) => {
    const t = new Date(start + d * DAY_MS);
    return Math.floor((t.getTime() - Date.UTC(t.getUTCFullYear(), 0, 1)) / DAY_MS);
  });
  const dayStarts = boundaries(periods.dayStart(start), end, periods.nextDay);
  const monthStarts = boundaries(periods.monthStart(start), end, periods.nextMonth);
  const buffer = new Float64Array(1440);
  const result: BackfillResult = { series: 0, samples: 0, rollups: 0, ms: 0 };

  for (const [index, config] of configs.entries()) {
    if (options.aborted?.()) break;
    const seriesId = ids.get(pvKey(config.pvRef)) as number;
    const full = plan.fullResolution(config);
    const rawFrom = full ? start : end - plan.rawDaysAll * DAY_MS;
    const qhFrom = full ? start : end - plan.quarterHourDaysAll * DAY_MS;
    const generate = generatorFor(config, plant.values.get(pvKey(config.pvRef)), minutes);
    const merged: Record<RollupArchive, SeriesRollup[]> = {
      QuarterHourValues: [],
      DayValues: [],
      MonthValues: [],
    };
    let samples: SampleRow[] = [];
    let day = null as SeriesRollup | null;
    let month = null as SeriesRollup | null;
    let di = 0;
    let mi = 0;
    const close = (archive: RollupArchive, r: SeriesRollup | null) => r && merged[archive].push(r);
    for (let d = 0; d < days; d++) {
      const t0 = start + d * DAY_MS;
      const n = Math.min(1440, (end - t0) / 60_000);
      const out = buffer.subarray(0, n);
      generate(t0, hour0[d] as number, dayOfYear[d] as number, out);
      for (let q = 0; q < n; q += 15) {
        const tq = t0 + q * 60_000;
        const r: Rollup = {
          t: tq,
          count: 0,
          sum: 0,
          firstT: tq,
          firstV: out[q] as number,
          lastT: 0,
          lastV: 0,
          minT: 0,
          minV: Infinity,
          maxT: 0,
          maxV: -Infinity,
        };
        for (let i = q; i < q + 15 && i < n; i++) {
          const v = out[i] as number;
          const t = t0 + i * 60_000;
          r.count++;
          r.sum += v;
          r.lastT = t;
          r.lastV = v;
          if (v < r.minV) {
            r.minV = v;
            r.minT = t;
          }
          if (v > r.maxV) {
            r.maxV = v;
            r.maxT = t;
          }
          if (t >= rawFrom) samples.push({ seriesId, t, v });
        }
        if (tq >= qhFrom) merged.QuarterHourValues.push({ ...r, seriesId });
        while ((dayStarts[di + 1] ?? Infinity) <= tq) di++;
        while ((monthStarts[mi + 1] ?? Infinity) <= tq) mi++;
        const ds = dayStarts[di] as number;
        const ms = monthStarts[mi] as number;
        if (day?.t !== ds) {
          close('DayValues', day);
          day = { ...r, t: ds, seriesId };
        } else absorb(day, r);
        if (month?.t !== ms) {
          close('MonthValues', month);
          month = { ...r, t: ms, seriesId };
        } else absorb(month, r);
      }
      if (samples.length >= SAMPLE_BATCH) {
        await repo.write({ samples, merge: {} });
        result.samples += samples.length;
        samples = [];
        await yieldToEventLoop();
      }
    }
    close('DayValues', day);
    close('MonthValues', month);
    await repo.write({ samples, merge: merged });
    result.samples += samples.length;
    result.rollups += merged.QuarterHourValues.length + merged.DayValues.length + merged.MonthValues.length;
    result.series++;
    options.onProgress?.(index + 1, configs.length);
    await yieldToEventLoop();
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}
