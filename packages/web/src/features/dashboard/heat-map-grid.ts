/** One cell of the heat map: a day (row) and an hour of that day (column). */
export interface HeatCell {
  day: number;
  hour: number;
  /** Mean of the quarter-hour values in that hour; null when none. */
  value: number | null;
}

export interface HeatGrid {
  /** Local midnight of each row, oldest first. */
  days: number[];
  cells: HeatCell[];
  min: number | null;
  max: number | null;
}

const DAY_MS = 86_400_000;

/** Local midnight of the day holding `t` (the plant's browsers run in the plant's time zone). */
export function localMidnight(t: number): number {
  const d = new Date(t);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * Quarter-hour values arranged as hour of day × day over the `days` days ending with the day of
 * `now`: each cell the mean of its quarter-hours (a gap, null, is left out). Days are counted in
 * local time, so a day of a clock change still has its real hours.
 */
export function heatGrid(
  points: readonly { timestamp: number; value: number | null }[],
  now: number,
  days: number,
): HeatGrid {
  const first = localMidnight(now - (days - 1) * DAY_MS);
  const starts: number[] = [];
  for (let day = 0, t = first; day < days; day++) {
    starts.push(t);
    // Noon of the next day, then back to its midnight: safe over 23 and 25 hour days.
    t = localMidnight(t + DAY_MS + DAY_MS / 2);
  }
  const sums: number[] = [];
  const counts: number[] = [];
  for (const p of points) {
    if (p.value === null || !Number.isFinite(p.value) || p.timestamp < first) continue;
    const date = new Date(p.timestamp);
    const midnight = localMidnight(p.timestamp);
    const day = starts.indexOf(midnight);
    if (day < 0) continue;
    const i = day * 24 + date.getHours();
    sums[i] = (sums[i] ?? 0) + p.value;
    counts[i] = (counts[i] ?? 0) + 1;
  }
  const cells: HeatCell[] = [];
  let min: number | null = null;
  let max: number | null = null;
  for (let day = 0; day < days; day++) {
    for (let hour = 0; hour < 24; hour++) {
      const i = day * 24 + hour;
      const count = counts[i] ?? 0;
      const value = count > 0 ? (sums[i] ?? 0) / count : null;
      if (value !== null) {
        min = min === null ? value : Math.min(min, value);
        max = max === null ? value : Math.max(max, value);
      }
      cells.push({ day, hour, value });
    }
  }
  return { days: starts, cells, min, max };
}

/** Colour of a value on the scale min … max: blue (low) over green and yellow to red (high). */
export function heatColour(value: number, min: number, max: number): string {
  const f = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0.5;
  // Hue 240° (blue) down to 0° (red); lightness kept readable on white and dark.
  return `hsl(${Math.round(240 - 240 * f)} 75% 50%)`;
}
