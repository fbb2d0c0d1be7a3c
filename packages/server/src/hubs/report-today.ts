import {
  OFFSET_UNITS,
  REPORT_VALUE_TYPES,
  isPvRef,
  localDateTimeOf,
  pvKey,
  reportNumberOf,
  reportValue,
  startOfLocalDay,
  type DataBinding,
  type ProcessValue,
  type PvRef,
  type ReportValueType,
  type SampleSummary,
} from '@leitwarte/core';
import type { Plant } from '../plant/plant.js';

const HOUR = 3_600_000;

/** Whether a value is a data binding (screens §3 "Report data"). */
export function isDataBinding(value: unknown): value is DataBinding {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isPvRef(v.pvRef) &&
    (REPORT_VALUE_TYPES as readonly unknown[]).includes(v.reportValueType) &&
    (OFFSET_UNITS as readonly unknown[]).includes(v.offsetUnit) &&
    typeof v.offset === 'number' &&
    Number.isSafeInteger(v.offset)
  );
}

/**
 * Running summaries (count, first, last, min, max, sum) of today's samples per watched PV, from
 * the plant's local midnight on; a new day starts them empty. A PV watched during the day starts
 * with its current value. Memory: one summary per watched PV.
 */
export function createTodaySummaries(plant: Plant, now: () => number) {
  const timeZone = plant.info.timeZone;
  const summaries = new Map<string, SampleSummary | null>();
  let dayStart = 0;

  const startOfToday = (t: number) => {
    const l = localDateTimeOf(t, timeZone);
    return startOfLocalDay({ year: l.year, month: l.month, day: l.day }, timeZone);
  };
  const rollOver = () => {
    const today = startOfToday(now());
    if (today === dayStart) return;
    dayStart = today;
    for (const key of summaries.keys()) summaries.set(key, null);
  };

  function record(value: ProcessValue): void {
    const key = pvKey(value.pvRef);
    if (!summaries.has(key)) return;
    const n = reportNumberOf(value);
    if (n === null) return;
    rollOver();
    const s = summaries.get(key) ?? null;
    summaries.set(
      key,
      s === null
        ? { count: 1, first: n, last: n, min: n, max: n, sum: n }
        : {
            count: s.count + 1,
            first: s.first,
            last: n,
            min: Math.min(s.min, n),
            max: Math.max(s.max, n),
            sum: s.sum + n,
          },
    );
  }

  return {
    watch(pv: PvRef): void {
      const key = pvKey(pv);
      if (summaries.has(key)) return;
      summaries.set(key, null);
      const current = plant.values.get(key);
      if (current !== undefined) record(current);
    },
    record,
    /** Today's value so far of a PV for a value type (Summe of rates: mean × hours since midnight). */
    value(pv: PvRef, type: ReportValueType): number | null {
      rollOver();
      const key = pvKey(pv);
      const counter = plant.config(key)?.valueType === 'CounterValue';
      const hours = Math.max(0, now() - dayStart) / HOUR;
      return reportValue(summaries.get(key) ?? null, type, { counter, hours });
    },
  };
}
