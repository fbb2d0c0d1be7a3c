import type { MeasurementType } from '../charts/chart-constants.js';

/**
 * Aggregate of the samples of one series in one period (quarter hour, day or month): count,
 * sum (for the mean), first, last (Aktuell), minimum and maximum, each with the time of its
 * sample so a chart can place them and M4 can use the aggregate as a summary of its samples.
 */
export interface Rollup {
  /** Start of the period (ms). */
  t: number;
  count: number;
  sum: number;
  firstT: number;
  firstV: number;
  lastT: number;
  lastV: number;
  minT: number;
  minV: number;
  maxT: number;
  maxV: number;
}

/** A rollup of one sample. */
export function rollupOf(period: number, t: number, v: number): Rollup {
  return {
    t: period,
    count: 1,
    sum: v,
    firstT: t,
    firstV: v,
    lastT: t,
    lastV: v,
    minT: t,
    minV: v,
    maxT: t,
    maxV: v,
  };
}

/** Adds a sample to a rollup in place (any time order). */
export function addSample(r: Rollup, t: number, v: number): void {
  r.count += 1;
  r.sum += v;
  if (t < r.firstT) {
    r.firstT = t;
    r.firstV = v;
  }
  // At equal times the later arrival wins, as it does in the raw archive.
  if (t >= r.lastT) {
    r.lastT = t;
    r.lastV = v;
  }
  if (v < r.minV) {
    r.minV = v;
    r.minT = t;
  }
  if (v > r.maxV) {
    r.maxV = v;
    r.maxT = t;
  }
}

/** Two rollups of the same period combined: what one rollup over both sample sets would be. */
export function mergeRollups(a: Rollup, b: Rollup): Rollup {
  const firstA = a.firstT <= b.firstT;
  const lastB = b.lastT >= a.lastT;
  return {
    t: a.t,
    count: a.count + b.count,
    sum: a.sum + b.sum,
    firstT: firstA ? a.firstT : b.firstT,
    firstV: firstA ? a.firstV : b.firstV,
    lastT: lastB ? b.lastT : a.lastT,
    lastV: lastB ? b.lastV : a.lastV,
    minT: b.minV < a.minV ? b.minT : a.minT,
    minV: Math.min(a.minV, b.minV),
    maxT: b.maxV > a.maxV ? b.maxT : a.maxT,
    maxV: Math.max(a.maxV, b.maxV),
  };
}

/** Sample mean of a period (Mittelwert). Samples are weighted equally, not by duration. */
export function rollupMean(r: Rollup): number {
  return r.sum / r.count;
}

/** The value of a measurement type (screens §3): Aktuell last, Mittelwert mean, Minwert, Maxwert. */
export function measurementOf(r: Rollup, type: MeasurementType): number {
  switch (type) {
    case 'Aktuell':
      return r.lastV;
    case 'Mittelwert':
      return rollupMean(r);
    case 'Minwert':
      return r.minV;
    case 'Maxwert':
      return r.maxV;
  }
}

/** Time a measurement type is drawn at: the period start (a period's value stands for its period). */
export function measurementTime(r: Rollup): number {
  return r.t;
}

/**
 * Rollups of samples by period; `periodOf` maps a sample time to its period start. Samples may
 * come in any order; the result is sorted by period.
 */
export function rollupSamples(
  samples: Iterable<{ t: number; v: number }>,
  periodOf: (t: number) => number,
): Rollup[] {
  const byPeriod = new Map<number, Rollup>();
  for (const { t, v } of samples) {
    const period = periodOf(t);
    const r = byPeriod.get(period);
    if (r === undefined) byPeriod.set(period, rollupOf(period, t, v));
    else addSample(r, t, v);
  }
  return [...byPeriod.values()].sort((a, b) => a.t - b.t);
}
