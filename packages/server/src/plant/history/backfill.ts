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
import type { HistoryBatch, SampleRow, SeriesRollup } from '../../store/historian/index.js';
import { generatorFor } from './generator.js';

/** What the backfill writes; see the historian's README section for why. */
export interface BackfillPlan {
  /** History length. */
  days: number;
  /** Raw one-minute samples of every PV for this many days before the end. */
  rawDaysAll: number;
  /** Quarter-hour values of every PV for this many days before the end (Auto reads them up to a month). */
  quarterHourDaysAll: number;
  /** Subtypes of the AnaIn PVs that get raw samples and quarter-hour values for the whole history. */
  fullResolutionSubtypes: readonly string[];
}

/** Full resolution for a year for the levels (9 in the demo plant); see the README section. */
export const DEFAULT_BACKFILL_PLAN: BackfillPlan = {
  days: 366,
  rawDaysAll: 7,
  quarterHourDaysAll: 35,
  fullResolutionSubtypes: ['Füllstand'],
};

/** Whether a PV gets raw samples and quarter hours for the whole history. */
export const isFullResolution = (plan: BackfillPlan, config: PvConfig) =>
  config.pvRef.type === 'AnaIn' && plan.fullResolutionSubtypes.includes(config.subtype);

export interface BackfillResult {
  series: number;
  samples: number;
  rollups: number;
  ms: number;
}

/** The last days as the data source ran them (SourceHistory): one number a minute per PV, NaN not archived. */
export interface RecentHistory {
  from: number;
  minutes: number;
  keys: string[];
  columns: Float64Array[];
}

export interface BackfillInput {
  configs: readonly PvConfig[];
  /** Series id per PV key. */
  seriesIds: ReadonlyMap<string, number>;
  periods: LocalPeriods;
  /** History ends here (exclusive); live values continue from it. */
  end: number;
  plan: BackfillPlan;
  /** From `recent.from` on the minutes are the source's own; before, the generator's. */
  recent: RecentHistory | null;
  /**
   * The generator's starting point per PV key: where its levels wander around and where its
   * counters end (at `recent.from`, or `end` without a recent history).
   */
  anchors: ReadonlyMap<string, number>;
}

export interface BackfillSink {
  /** Writes one small batch (one transaction). */
  write(batch: HistoryBatch): Promise<void>;
  /** Called between batches; true stops the backfill. */
  aborted?(): boolean;
  onProgress?(done: number, total: number): void;
}

/** Rows per transaction: a few milliseconds of SQLite, so a live flush never waits long for one. */
const BATCH_ROWS = 4000;

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

/** Mean growth per minute of a counter in the recent history (first to last reading). */
function growthPerMinute(column: Float64Array | undefined): number | undefined {
  if (!column) return undefined;
  let first = -1;
  let last = -1;
  for (let i = 0; i < column.length; i++) {
    if (!Number.isFinite(column[i] as number)) continue;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0 || last <= first) return undefined;
  return Math.max(0, ((column[last] as number) - (column[first] as number)) / (last - first));
}

/** The local clock of the generator: hour of day at each UTC day step, and day of the year. */
function calendarOf(start: number, days: number, periods: LocalPeriods) {
  const hour0 = Array.from(
    { length: days },
    (_, d) => (start + d * DAY_MS - periods.dayStart(start + d * DAY_MS)) / HOUR_MS,
  );
  const dayOfYear = Array.from({ length: days }, (_, d) => {
    const t = new Date(start + d * DAY_MS);
    return Math.floor((t.getTime() - Date.UTC(t.getUTCFullYear(), 0, 1)) / DAY_MS);
  });
  return { hour0, dayOfYear };
}

/** Where the history starts: `days` before the end, on a quarter hour. */
export const backfillStart = (end: number, days: number) =>
  Math.floor(end / QUARTER_HOUR_MS) * QUARTER_HOUR_MS - days * DAY_MS;

/**
 * The generator's value of a PV at `until` when run from `start` with `anchor`: what its older
 * history ends at, so the source's recent history can start there (levels that continue).
 */
export function generatedValueAt(
  config: PvConfig,
  anchor: number | undefined,
  start: number,
  until: number,
  periods: LocalPeriods,
): number {
  const minutes = (until - start) / 60_000;
  const days = Math.ceil(minutes / 1440);
  const { hour0, dayOfYear } = calendarOf(start, days, periods);
  const generate = generatorFor(config, anchor, minutes);
  const out = new Float64Array(1440);
  let last = Number.NaN;
  for (let d = 0; d < days; d++) {
    const n = Math.min(1440, minutes - d * 1440);
    const part = out.subarray(0, n);
    generate(start + d * DAY_MS, hour0[d] as number, dayOfYear[d] as number, part);
    last = part[n - 1] as number;
  }
  return last;
}

/**
 * Writes the plant's history up to `end`, a day of minutes at a time per PV (the generator's
 * before `recent.from`, the data source's own from there on), reduced to quarter hours on the
 * fly, quarter hours merged into local days and months: first the recent days of every PV, then
 * the time before. Batches stay small (a few thousand rows), so the store is never held for long.
 * Rollups are merged into what is stored, so a live value that arrived meanwhile is kept.
 */
export async function backfillHistory(input: BackfillInput, sink: BackfillSink): Promise<BackfillResult> {
  const started = performance.now();
  const { plan, periods, recent } = input;
  const start = backfillStart(input.end, plan.days);
  const end = input.end;
  const joint = recent ? recent.from : end;
  const minutes = Math.floor((end - start) / 60_000);
  const generatedMinutes = Math.max(0, Math.floor((joint - start) / 60_000));
  const configs = input.configs;
  const columnOf = new Map(recent?.keys.map((key, i) => [key, recent.columns[i] as Float64Array]));
  const recentMinutes = recent?.minutes ?? 0;
  const days = Math.ceil(minutes / 1440);
  const { hour0, dayOfYear } = calendarOf(start, days, periods);
  const dayStarts = boundaries(periods.dayStart(start), end, periods.nextDay);
  const monthStarts = boundaries(periods.monthStart(start), end, periods.nextMonth);
  const buffer = new Float64Array(1440);
  const result: BackfillResult = { series: 0, samples: 0, rollups: 0, ms: 0 };

  let samples: SampleRow[] = [];
  let merged: Record<RollupArchive, SeriesRollup[]> = {
    QuarterHourValues: [],
    DayValues: [],
    MonthValues: [],
  };
  let rows = 0;
  const flush = async () => {
    if (rows === 0) return;
    await sink.write({ samples, merge: merged });
    result.samples += samples.length;
    result.rollups += rows - samples.length;
    samples = [];
    merged = { QuarterHourValues: [], DayValues: [], MonthValues: [] };
    rows = 0;
  };

  /**
   * Writes the minutes in [lo, hi) of a PV: the generator's before the joint, the source's from
   * there on. A day, month or quarter hour cut by lo or hi is written in part and merged with
   * its other part (the store merges rollups), so the two spans can be written one after the other.
   */
  const writeSpan = async (config: PvConfig, seriesId: number, lo: number, hi: number) => {
    const key = pvKey(config.pvRef);
    const full = isFullResolution(plan, config);
    const rawFrom = full ? start : end - plan.rawDaysAll * DAY_MS;
    const qhFrom = full ? start : end - plan.quarterHourDaysAll * DAY_MS;
    const column = columnOf.get(key);
    // Generators keep state from minute to minute: run from the first day on when used at all.
    const generate =
      lo < joint
        ? generatorFor(config, input.anchors.get(key), generatedMinutes, growthPerMinute(column))
        : null;
    let day = null as SeriesRollup | null;
    let month = null as SeriesRollup | null;
    let di = 0;
    let mi = 0;
    const close = (archive: RollupArchive, r: SeriesRollup | null) => {
      if (r === null) return;
      merged[archive].push(r);
      rows++;
    };
    const firstDay = generate ? 0 : Math.max(0, Math.floor((lo - start) / DAY_MS));
    for (let d = firstDay; d < days; d++) {
      const t0 = start + d * DAY_MS;
      if (t0 >= hi) break;
      const n = Math.min(1440, Math.floor((end - t0) / 60_000));
      if (n <= 0) break;
      const out = buffer.subarray(0, n);
      const own = Math.max(0, Math.min(n, Math.ceil((joint - t0) / 60_000)));
      if (generate && own > 0) generate(t0, hour0[d] as number, dayOfYear[d] as number, out.subarray(0, own));
      for (let i = own; i < n; i++) {
        const k = (t0 + i * 60_000 - joint) / 60_000;
        out[i] = column && k < recentMinutes ? (column[k] as number) : Number.NaN;
      }
      if (t0 + n * 60_000 <= lo) continue;
      for (let q = 0; q < n; q += 15) {
        const tq = t0 + q * 60_000;
        const r: Rollup = {
          t: tq,
          count: 0,
          sum: 0,
          firstT: 0,
          firstV: 0,
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
          // NaN: the reading was Bad at that minute, which the archive does not keep.
          if (t < lo || t >= hi || !Number.isFinite(v)) continue;
          if (r.count === 0) {
            r.firstT = t;
            r.firstV = v;
          }
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
          if (t >= rawFrom) {
            samples.push({ seriesId, t, v });
            rows++;
          }
        }
        if (r.count === 0) continue;
        if (tq >= qhFrom) {
          merged.QuarterHourValues.push({ ...r, seriesId });
          rows++;
        }
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
      if (rows >= BATCH_ROWS) {
        await flush();
        if (sink.aborted?.()) return;
      }
    }
    close('DayValues', day);
    close('MonthValues', month);
    if (rows >= BATCH_ROWS) await flush();
  };

  // The source's recent days of every PV first (what the screens show first), then the years before.
  const spans: [number, number][] = joint < end ? [[joint, end]] : [];
  if (start < joint) spans.push([start, joint]);
  const total = configs.length * spans.length;
  let done = 0;
  for (const [lo, hi] of spans) {
    for (const config of configs) {
      if (sink.aborted?.()) break;
      const seriesId = input.seriesIds.get(pvKey(config.pvRef));
      if (seriesId !== undefined) await writeSpan(config, seriesId, lo, hi);
      sink.onProgress?.(++done, total);
    }
  }
  result.series = configs.length;
  await flush();
  result.ms = Math.round(performance.now() - started);
  return result;
}
