import { parsePvKey, pvKey, type ChartSeriesData, type PvRef } from '@leitwarte/core';

/** One timestamp of the measurement table: a value per series (null where that series has none). */
export interface MeasurementRow {
  t: number;
  values: (number | null)[];
}

/**
 * The table of several series: one row per timestamp any series has, oldest first, one value per
 * series in the order of the series. A repeated timestamp within a series keeps its last value.
 */
export function measurementRows(series: readonly Pick<ChartSeriesData, 'dataPoints'>[]): MeasurementRow[] {
  const byTime = new Map<number, (number | null)[]>();
  series.forEach((s, index) => {
    for (const point of s.dataPoints) {
      let values = byTime.get(point.timestamp);
      if (!values) {
        values = new Array<number | null>(series.length).fill(null);
        byTime.set(point.timestamp, values);
      }
      values[index] = point.value;
    }
  });
  return [...byTime.keys()].sort((a, b) => a - b).map((t) => ({ t, values: byTime.get(t) ?? [] }));
}

/** The PVs of a `?pv=AnaIn-100001&pv=…` query, valid ones each once, in their order. */
export function pvsOfQuery(params: URLSearchParams): PvRef[] {
  const pvs = new Map<string, PvRef>();
  for (const value of params.getAll('pv')) {
    for (const part of value.split(',')) {
      const pv = parsePvKey(part.trim());
      if (pv && !pvs.has(pvKey(pv))) pvs.set(pvKey(pv), pv);
    }
  }
  return [...pvs.values()];
}
