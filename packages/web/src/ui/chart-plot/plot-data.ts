import { dataExtent, groupAxes, seriesAxisRange, type AxisGroup } from '@leitwarte/core';
import type uPlot from 'uplot';
import type { PlotSeries } from './plot-types';

/** A value axis of the plot: one uPlot scale shared by the series of a merged axis group. */
export interface PlotAxisGroup extends AxisGroup {
  /** uPlot scale key, "y0", "y1", … */
  scaleKey: string;
  /** Indexes into the series list of the series on this axis. */
  seriesIndexes: number[];
}

export interface PlotLayout {
  groups: PlotAxisGroup[];
  /** Scale key of every series, by series index. */
  scaleKeys: string[];
}

/** x first, then one value column per series, as uPlot's aligned data (x is not read here). */
type ValueColumns = readonly ArrayLike<number | null | undefined>[];

function valueColumn(data: ValueColumns, seriesIndex: number): ArrayLike<number | null | undefined> {
  return data[seriesIndex + 1] ?? [];
}

/**
 * The value axes of a plot: each series gets the range of the axis rules from its whole loaded
 * data, then series with matching ranges and settings share one axis (screens §9 axes merge).
 * Taking the loaded data rather than the visible part keeps the axes still while panning.
 */
export function computeLayout(series: readonly PlotSeries[], data: ValueColumns): PlotLayout {
  const groups = groupAxes(
    series.map((s, i) => {
      const extent = dataExtent(valueColumn(data, i), s.axis.log);
      return {
        key: String(i),
        settings: s.axis,
        range: seriesAxisRange(s.axis, extent?.min ?? null, extent?.max ?? null),
      };
    }),
  ).map((group, g) => ({
    ...group,
    scaleKey: `y${g}`,
    seriesIndexes: group.seriesKeys.map(Number),
  }));
  const scaleKeys = series.map(() => 'y0');
  for (const group of groups) for (const i of group.seriesIndexes) scaleKeys[i] = group.scaleKey;
  return { groups, scaleKeys };
}

/**
 * The uPlot scale of a series. Each series has a scale and an axis of its own; the series of a
 * merged axis group share the group's range, and only the first shows its axis.
 */
export const seriesScaleKey = (seriesIndex: number): string => `s${seriesIndex}`;

/**
 * What decides the make-up of the uPlot instance: series, their drawing, colours, texts and the
 * kind of their value axes. Visibility, data, the axis grouping, limit lines and annotations are
 * left out; they change without building the plot anew.
 */
export function plotSignature(series: readonly PlotSeries[]): string {
  return JSON.stringify(
    series.map((s) => [
      s.key,
      s.label,
      s.dimension,
      s.color,
      s.viewType,
      s.axis.log,
      s.axis.logBase,
      s.axis.reverse,
    ]),
  );
}

/**
 * The data as drawn: on a logarithmic axis values at or below 0 have no place and become gaps
 * (screens §9 logarithmic axis); other columns are passed on untouched, without copying. An
 * undefined value (a row another series needs at a shared time) stays undefined: no gap.
 */
export function prepareData(series: readonly PlotSeries[], data: uPlot.AlignedData): uPlot.AlignedData {
  if (!series.some((s) => s.axis.log)) return data;
  const [xs, ...columns] = data;
  return [
    xs,
    ...columns.map((column, i) => {
      if (!series[i]?.axis.log) return column;
      const drawn = new Array<number | null | undefined>(column.length);
      for (let j = 0; j < column.length; j++) {
        const v = column[j];
        drawn[j] = v === undefined ? undefined : v !== null && v > 0 ? v : null;
      }
      return drawn;
    }),
  ];
}

/** First index whose x is above `value` (or at least `value` when not `strict`); xs ascending. */
function firstIndexFrom(xs: ArrayLike<number>, value: number, strict: boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = xs[mid] ?? Infinity;
    if (x < value || (strict && x === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Non-null values of the shown series whose x lies within [xMin, xMax]. */
export function countVisiblePoints(
  data: uPlot.AlignedData,
  shown: readonly boolean[],
  xMin: number,
  xMax: number,
): number {
  const xs = data[0];
  const from = firstIndexFrom(xs, xMin, false);
  const to = firstIndexFrom(xs, xMax, true);
  let count = 0;
  for (let s = 1; s < data.length; s++) {
    if (!shown[s - 1]) continue;
    const column = data[s];
    if (!column) continue;
    for (let i = from; i < to; i++) {
      const v = column[i];
      if (v !== null && v !== undefined) count++;
    }
  }
  return count;
}
