import {
  localDateTimeOf,
  mergeSummaries,
  pvKey,
  reportNumberOf,
  reportValue,
  startOfLocalDay,
  summarise,
  type ProcessValue,
  type PvRef,
  type ReportValueType,
  type SampleSummary,
} from '@leitwarte/core';
import type { Plant } from '../plant.js';

/** A row interval [from, to) in milliseconds. */
export interface ValueInterval {
  from: number;
  to: number;
}

/**
 * Where report values come from: one value per interval for a PV and value type, null where
 * nothing is known. The historian provides the archive implementation (rollups of every day);
 * until it is connected, `createLiveReportValueSource` answers for today from the live values.
 */
export interface ReportValueSource {
  valuesFor(
    pvRef: PvRef,
    intervals: readonly ValueInterval[],
    valueType: ReportValueType,
  ): Promise<(number | null)[]>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Report values of today from the live value feed: samples are kept as per-minute summaries
 * (at most 1440 per PV) for the PVs reports use, from local midnight on; earlier days are null.
 */
export function createLiveReportValueSource(deps: {
  plant: Plant;
  timeZone: string;
  pvs: readonly PvRef[];
  now?: () => number;
}): ReportValueSource & { stop(): void } {
  const now = deps.now ?? Date.now;
  const watched = new Set(deps.pvs.map(pvKey));
  const minutes = new Map<string, Map<number, number[]>>();
  let dayStart = 0;

  const startOfToday = (t: number) => {
    const l = localDateTimeOf(t, deps.timeZone);
    return startOfLocalDay({ year: l.year, month: l.month, day: l.day }, deps.timeZone);
  };
  const record = (value: ProcessValue) => {
    const key = pvKey(value.pvRef);
    if (!watched.has(key)) return;
    const n = reportNumberOf(value);
    if (n === null) return;
    const today = startOfToday(now());
    if (today !== dayStart) {
      // A new day: yesterday belongs to the archive.
      dayStart = today;
      minutes.clear();
    }
    let perPv = minutes.get(key);
    if (!perPv) minutes.set(key, (perPv = new Map()));
    const minute = Math.floor(Math.max(value.timestamp, dayStart) / MINUTE) * MINUTE;
    const list = perPv.get(minute);
    if (list) list.push(n);
    else perPv.set(minute, [n]);
  };
  for (const value of deps.plant.values.all()) record(value);
  const unsubscribe = deps.plant.values.onChange((batch) => batch.forEach(record));

  return {
    async valuesFor(pvRef, intervals, valueType) {
      const key = pvKey(pvRef);
      const perPv = minutes.get(key);
      const counter = deps.plant.config(key)?.valueType === 'CounterValue';
      return intervals.map(({ from, to }) => {
        if (!perPv || to <= dayStart) return null;
        const parts: SampleSummary[] = [];
        for (const [minute, values] of [...perPv.entries()].sort((a, b) => a[0] - b[0])) {
          if (minute < from || minute >= to) continue;
          const s = summarise(values);
          if (s) parts.push(s);
        }
        return reportValue(mergeSummaries(parts), valueType, { counter, hours: (to - from) / HOUR });
      });
    },
    stop: unsubscribe,
  };
}
