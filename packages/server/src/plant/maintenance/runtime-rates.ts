import {
  addLocalDays,
  FORECAST_DAYS,
  localDateTimeOf,
  pvKey,
  startOfLocalDay,
  type PvRef,
  type ReportInterval,
} from '@leitwarte/core';
import type { Historian } from '../history/index.js';

export interface RuntimeRatesDeps {
  historian: Pick<Historian, 'reportData'>;
  timeZone: string;
  now?: () => number;
  /** How long a computed rate is reused; a day's rollups barely move a 30-day rate. */
  cacheMs?: number;
}

/** Recent rates of runtime PVs, for the due-date forecast. */
export interface RuntimeRates {
  /** Per PV key: hours or cycles per day over the last days with history, or null. */
  of(pvs: readonly PvRef[]): Promise<Map<string, number | null>>;
}

const DAY_MS = 86_400_000;
/** Less history than this gives no rate: a few hours of a pump's day say nothing about its month. */
const MIN_SPAN_MS = DAY_MS;

/**
 * Rates from the historian's day rollups of the last 30 local days: the sum of the days'
 * increases (a runtime reset after a service counts from 0, as counters do) over the time from
 * the first day with history until now.
 */
export function createRuntimeRates(deps: RuntimeRatesDeps): RuntimeRates {
  const now = deps.now ?? Date.now;
  const cacheMs = deps.cacheMs ?? 10 * 60_000;
  const cache = new Map<string, { at: number; perDay: number | null }>();

  return {
    async of(pvs) {
      const t = now();
      const out = new Map<string, number | null>();
      const missing = pvs.filter((pv) => {
        const hit = cache.get(pvKey(pv));
        if (hit && t - hit.at < cacheMs) out.set(pvKey(pv), hit.perDay);
        return !(hit && t - hit.at < cacheMs);
      });
      if (missing.length === 0) return out;
      const today = localDateTimeOf(t, deps.timeZone);
      const intervals: ReportInterval[] = [];
      for (let i = FORECAST_DAYS - 1; i >= 0; i--) {
        const day = addLocalDays(today, -i);
        const from = startOfLocalDay(day, deps.timeZone);
        const to = i === 0 ? t : startOfLocalDay(addLocalDays(day, 1), deps.timeZone);
        intervals.push({ from, to, label: '' });
      }
      const first = intervals[0];
      if (!first) return out;
      const cells = await deps.historian.reportData(missing, { from: first.from, to: t, intervals });
      for (const pv of missing) {
        const rows = (cells.get(pvKey(pv)) ?? []).filter((c) => c.difference !== null);
        const start = rows[0]?.from;
        let perDay: number | null = null;
        if (start !== undefined && t - start >= MIN_SPAN_MS) {
          const increase = rows.reduce((sum, c) => sum + (c.difference ?? 0), 0);
          perDay = increase > 0 ? increase / ((t - start) / DAY_MS) : null;
        }
        cache.set(pvKey(pv), { at: t, perDay });
        out.set(pvKey(pv), perDay);
      }
      return out;
    },
  };
}
