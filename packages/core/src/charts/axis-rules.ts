import { LOGARITHMIC_BASE_DEFAULT, type AxisBoundCase } from './chart-constants.js';
import type { ChartSeriesFields } from './chart-schemas.js';

/** A value range of an axis; min < max once it went through the rules below. */
export interface AxisRange {
  min: number;
  max: number;
}

/** One fixed-or-free bound of a series' value axis (screens §3 yminOrNoneCase / ymaxOrNoneCase). */
export interface AxisBound {
  case: AxisBoundCase;
  value: number | null;
}

/** The axis settings of one series (screens §3 "Chart series config"). */
export interface AxisSettings {
  min: AxisBound;
  max: AxisBound;
  log: boolean;
  logBase: number;
  reverse: boolean;
}

/** Options of the stacked view, where each series gets its own band. */
export interface AxisLayoutOptions {
  stacked?: boolean;
  seriesCount?: number;
  /** Digital series: in the stacked view they take the 0..1 domain (screens §9). */
  digital?: boolean;
}

/** Default axis domain when there is neither data nor a fixed bound (screens §9). */
export const DEFAULT_AXIS_DOMAIN: Readonly<AxisRange> = Object.freeze({ min: 0, max: 1 });

/** Domain of a digital series in the stacked view (screens §9). */
export const DIGITAL_STACKED_DOMAIN: Readonly<AxisRange> = Object.freeze({ min: 0, max: 1 });

/** Axes whose bounds differ by at most this much are drawn as one (screens §9). */
export const AXIS_MERGE_TOLERANCE = 0.01;

/** Share of the data span added above and below the data (screens §9: 10 percent). */
export const AXIS_PADDING_SHARE = 0.1;

/** Padding when all values are equal, so a flat line is not drawn on the plot's edge (screens §9). */
export const AXIS_PADDING_FLAT = 1;

/** Padding of the stacked view: 0.1 with one series, 0.5 with more (screens §9). */
export const STACKED_PADDING_SINGLE = 0.1;
export const STACKED_PADDING_MULTIPLE = 0.5;

/**
 * Span thresholds of the axis label rounding (screens §9 "0, 1 or 2 decimals by span"): a span
 * of 10 or more gets whole numbers, 1 up to 10 one decimal, below 1 two decimals. With about
 * five ticks per axis this keeps neighbouring labels distinct without showing noise digits.
 */
export const AXIS_DECIMALS_WHOLE_FROM = 10;
export const AXIS_DECIMALS_ONE_FROM = 1;

/** Puts two bounds in order; when only one or none is fixed they stay as they are (screens §5). */
export function orderAxisBounds(
  min: number | null,
  max: number | null,
): { min: number | null; max: number | null } {
  if (min !== null && max !== null && min > max) return { min: max, max: min };
  return { min, max };
}

/**
 * Padding added on each free side of a value axis (screens §9): 10 % of the span, 1 when the
 * span is zero; in the stacked view a constant 0.1 with a single series and 0.5 otherwise.
 */
export function yAxisPadding(span: number, options: AxisLayoutOptions = {}): number {
  if (options.stacked)
    return (options.seriesCount ?? 1) <= 1 ? STACKED_PADDING_SINGLE : STACKED_PADDING_MULTIPLE;
  const width = Math.abs(span);
  if (!Number.isFinite(width) || width === 0) return AXIS_PADDING_FLAT;
  return width * AXIS_PADDING_SHARE;
}

/** Decimals of the axis labels for a span (screens §9): 0, 1 or 2. */
export function axisDecimals(span: number): 0 | 1 | 2 {
  const width = Math.abs(span);
  if (!Number.isFinite(width)) return 0;
  if (width >= AXIS_DECIMALS_WHOLE_FROM) return 0;
  if (width >= AXIS_DECIMALS_ONE_FROM) return 1;
  return 2;
}

/** Whether two axes are drawn as one: both bounds differ by at most 0.01 (screens §9). */
export function axesMergeable(a: AxisRange, b: AxisRange): boolean {
  // The tiny allowance keeps 0.01 itself inside despite binary fractions (0.31 - 0.3 > 0.01).
  const tolerance = AXIS_MERGE_TOLERANCE + 1e-9;
  return Math.abs(a.min - b.min) <= tolerance && Math.abs(a.max - b.max) <= tolerance;
}

/** The axis settings of a series config, with the bounds that are switched on. */
export function axisSettingsOf(
  fields: Pick<
    ChartSeriesFields,
    | 'yminOrNoneCase'
    | 'axisYMin'
    | 'ymaxOrNoneCase'
    | 'axisYMax'
    | 'axisYIsLogarithmic'
    | 'axisYLogarithmicBase'
    | 'axisYReverse'
  >,
): AxisSettings {
  return {
    min: { case: fields.yminOrNoneCase, value: fields.axisYMin },
    max: { case: fields.ymaxOrNoneCase, value: fields.axisYMax },
    log: fields.axisYIsLogarithmic,
    logBase: fields.axisYLogarithmicBase,
    reverse: fields.axisYReverse,
  };
}

/** A usable logarithm base: the configured one when it is above 0 and not 1, else 10. */
export function effectiveLogBase(base: number): number {
  return Number.isFinite(base) && base > 0 && base !== 1 ? base : LOGARITHMIC_BASE_DEFAULT;
}

/**
 * The fixed bound of one side, or null when it is free. On a logarithmic axis a bound of 0 or
 * less cannot be drawn, so it counts as free (validation refuses such bounds on save).
 */
function fixedBound(bound: AxisBound, log: boolean): number | null {
  if (bound.case !== 'Set' || bound.value === null || !Number.isFinite(bound.value)) return null;
  if (log && bound.value <= 0) return null;
  return bound.value;
}

/**
 * Smallest and largest value of a series; on a logarithmic axis only values above 0 count,
 * because 0 and negative values have no place there and are not drawn. Null when nothing counts.
 */
export function dataExtent(
  values: ArrayLike<number | null | undefined>,
  positiveOnly = false,
): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || (positiveOnly && v <= 0)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min === Infinity ? null : { min, max };
}

/**
 * The value range of one series' axis from its settings and its data (screens §5, §9).
 *
 * - Fixed bounds are used as they are, put in order when both are set.
 * - Free sides follow the data plus the padding of yAxisPadding.
 * - Without data and fixed bounds the default domain 0..1 applies (0..1 also for a digital
 *   series in the stacked view, which ignores its data).
 * - On a logarithmic axis data at or below 0 is left out, the padding applies to the exponents
 *   (10 % of the span in decades, one step of the base when flat), so the minimum stays
 *   positive; without data the domain is 1..base.
 */
export function seriesAxisRange(
  settings: AxisSettings,
  dataMin: number | null,
  dataMax: number | null,
  options: AxisLayoutOptions = {},
): AxisRange {
  if (options.stacked && options.digital) return { ...DIGITAL_STACKED_DOMAIN };
  const log = settings.log;
  const ordered = orderAxisBounds(fixedBound(settings.min, log), fixedBound(settings.max, log));
  const usable = (v: number | null): v is number => v !== null && Number.isFinite(v) && (!log || v > 0);
  let low = usable(dataMin) ? dataMin : null;
  let high = usable(dataMax) ? dataMax : null;
  if (low === null) low = high;
  if (high === null) high = low;
  if (low !== null && high !== null && low > high) [low, high] = [high, low];

  if (log) return logRange(effectiveLogBase(settings.logBase), ordered, low, high);

  let min: number;
  let max: number;
  if (low === null || high === null) {
    if (ordered.min === null && ordered.max === null) return { ...DEFAULT_AXIS_DOMAIN };
    // One fixed bound without data: the default domain stretched to reach it.
    min = ordered.min ?? Math.min(DEFAULT_AXIS_DOMAIN.min, (ordered.max ?? 0) - 1);
    max = ordered.max ?? Math.max(DEFAULT_AXIS_DOMAIN.max, min + 1);
  } else {
    const padding = yAxisPadding(high - low, options);
    min = ordered.min ?? low - padding;
    max = ordered.max ?? high + padding;
  }
  if (max <= min) {
    // Fixed on one side beyond all data, or both fixed to one value: keep the fixed side, open the other.
    const padding = yAxisPadding(0, options);
    if (ordered.min !== null && ordered.max === null) max = min + padding;
    else min = max - padding;
  }
  return { min, max };
}

function logRange(
  base: number,
  fixed: { min: number | null; max: number | null },
  low: number | null,
  high: number | null,
): AxisRange {
  const lg = (v: number) => Math.log(v) / Math.log(base);
  let min: number;
  let max: number;
  if (low === null || high === null) {
    min = fixed.min ?? (fixed.max !== null ? fixed.max / base : 1);
    max = fixed.max ?? Math.max(base, min * base);
  } else {
    const span = lg(high) - lg(low);
    const padding = span === 0 ? AXIS_PADDING_FLAT : span * AXIS_PADDING_SHARE;
    min = fixed.min ?? base ** (lg(low) - padding);
    max = fixed.max ?? base ** (lg(high) + padding);
  }
  if (max <= min) {
    if (fixed.min !== null && fixed.max === null) max = min * base;
    else min = max / base;
  }
  return { min, max };
}

/** One entry of the axis grouping: a series, its settings and its computed range. */
export interface AxisGroupInput {
  key: string;
  settings: AxisSettings;
  range: AxisRange;
}

/** Series that share one value axis, with the range covering all of them. */
export interface AxisGroup {
  /** Keys of the series on this axis, in the order given. */
  seriesKeys: string[];
  log: boolean;
  logBase: number;
  reverse: boolean;
  range: AxisRange;
}

const sameKind = (a: AxisSettings, b: AxisSettings) =>
  a.log === b.log &&
  a.reverse === b.reverse &&
  (!a.log || effectiveLogBase(a.logBase) === effectiveLogBase(b.logBase));

/**
 * Merges value axes (screens §9): a series joins the first group whose first series has the
 * same kind of axis (logarithmic with the same base, reversed) and a range whose bounds differ
 * by at most 0.01; otherwise it opens a new group. Comparing with the group's first range keeps
 * the grouping independent of chains of slightly drifting ranges. A group's range covers all
 * its members, so no series is cut off.
 */
export function groupAxes(entries: readonly AxisGroupInput[]): AxisGroup[] {
  const groups: { first: AxisGroupInput; group: AxisGroup }[] = [];
  for (const entry of entries) {
    const found = groups.find(
      ({ first }) => sameKind(first.settings, entry.settings) && axesMergeable(first.range, entry.range),
    );
    if (found) {
      found.group.seriesKeys.push(entry.key);
      found.group.range = {
        min: Math.min(found.group.range.min, entry.range.min),
        max: Math.max(found.group.range.max, entry.range.max),
      };
    } else {
      groups.push({
        first: entry,
        group: {
          seriesKeys: [entry.key],
          log: entry.settings.log,
          logBase: effectiveLogBase(entry.settings.logBase),
          reverse: entry.settings.reverse,
          range: { ...entry.range },
        },
      });
    }
  }
  return groups.map(({ group }) => group);
}
