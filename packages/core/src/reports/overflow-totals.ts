/** Totals of overflow events as the annual overflow report lists them: count, duration, volume, highest level. */
export interface OverflowTotals {
  count: number;
  /** Seconds. */
  duration: number;
  /** m³. */
  volume: number;
  /** m; null without events. */
  maxLevel: number | null;
}

/** Sums a list of overflow events (a basin's, a month's, a year's). */
export function summariseOverflows(
  events: readonly { duration: number; overflowVolume: number; maxLevel: number }[],
): OverflowTotals {
  let duration = 0;
  let volume = 0;
  let maxLevel: number | null = null;
  for (const e of events) {
    duration += e.duration;
    volume += e.overflowVolume;
    maxLevel = maxLevel === null ? e.maxLevel : Math.max(maxLevel, e.maxLevel);
  }
  return { count: events.length, duration, volume, maxLevel };
}
