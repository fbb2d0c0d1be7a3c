import { axisDecimals } from '@leitwarte/core';
import { valueAxisWidth } from './axis-size';
import uPlot from 'uplot';
import { withAlpha } from './plot-colors';
import { tracedLinePaths } from './traced-paths';
import { seriesScaleKey, type PlotLayout } from './plot-data';
import type { PlotAxis, PlotSeries } from './plot-types';
import type { ScaleRange } from './zoom-math';
import { plantTimeZone } from '../../lib/plant-time-zone';

/**
 * The columns uPlot draws. uPlot breaks a line at null and passes over undefined. In the aligned
 * data a null mostly means "this series has no point at a time another series has one", and
 * breaking the line there would cut the series into pieces wherever the series' times differ
 * (reduced data: almost everywhere); the many pieces also make every frame slow, as each becomes
 * a clip rectangle the canvas rasterises on commit. So a series' line connects its own points:
 * nulls of `aligned` become undefined, and only values `prepared` drops (at or below 0 on a
 * logarithmic axis, where they have no place) stay gaps, as do gaps in the data itself (NaN in
 * `aligned`, joinSeriesData: the archive was not recording, so nothing is known there). A column
 * without either is passed on as it is.
 */
export function drawnColumns(aligned: uPlot.AlignedData, prepared: uPlot.AlignedData): uPlot.AlignedData {
  const [xs, ...columns] = prepared;
  return [
    xs,
    ...columns.map((column, i) => {
      const own = aligned[i + 1] ?? column;
      let hasNull = false;
      for (let j = 0; j < column.length && !hasNull; j++) hasNull = own[j] === null || Number.isNaN(own[j]);
      if (!hasNull) return column;
      const drawn = new Array<number | null | undefined>(column.length);
      for (let j = 0; j < column.length; j++) {
        const v = own[j];
        // A gap in the data (NaN) breaks the line; a time only other series have does not.
        drawn[j] = v === null ? undefined : Number.isNaN(v) ? null : column[j];
      }
      return drawn;
    }),
  ];
}

/** What the options need from the component: size, language and where current ranges live. */
export interface PlotOptionsContext {
  width: number;
  height: number;
  /** Language of the number labels (decimal separator). */
  locale: string;
  /** Current time range in seconds, used whenever uPlot asks for the x range itself. */
  xRange: () => ScaleRange;
  /** Current range of the value scale of a series (by index): that of its axis group. */
  yRange: (seriesIndex: number) => ScaleRange;
  /** How the value axis of a series (by index) looks now; changes with the axis grouping. */
  axisLook: (seriesIndex: number) => AxisLook;
  hooks?: uPlot.Hooks.Arrays;
}

export const AREA_FILL_ALPHA = 0.2;
export const BAR_FILL_ALPHA = 0.6;
// One CSS pixel: at a pixel ratio of 1 canvases draw such lines as hairlines, many times faster
// than wider ones when the canvas is rasterised in software (no GPU), which keeps zooming smooth.
const LINE_WIDTH = 1;
const AXIS_COLOR = '#6b7280';
const GRID_COLOR = 'rgba(128, 128, 128, 0.18)';
const AXIS_FONT = '12px system-ui, sans-serif';

const uplotBase = (base: number): uPlot.Scale.LogBase => (base === 2 ? 2 : 10);

/** Tick increments whose labels fit the decimals: multiples of 1, 2 and 5 of 10^-decimals and up. */
const INCREMENTS: readonly (readonly number[])[] = [0, 1, 2].map((decimals) => {
  const list: number[] = [];
  for (let e = -decimals; e <= 15; e++)
    for (const m of [1, 2, 5]) list.push(Number((m * 10 ** e).toFixed(Math.max(0, -e))));
  return list;
});

export function linearIncrements(span: number): number[] {
  return [...(INCREMENTS[axisDecimals(span)] ?? [])];
}

/** Ticks at the powers of a logarithm base inside the range; for bases uPlot has no ticks for. */
export function logSplits(base: number, min: number, max: number): number[] {
  const lg = (v: number) => Math.log(v) / Math.log(base);
  const from = Math.ceil(lg(min) - 1e-9);
  const to = Math.floor(lg(max) + 1e-9);
  const splits: number[] = [];
  for (let k = from; k <= to; k++) splits.push(base ** k);
  return splits.length >= 2 ? splits : [min, max];
}

/** Number formats by decimals, per language. */
function numberFormats(locale: string) {
  const fixed = [0, 1, 2].map(
    (d) => new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }),
  );
  const significant = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 });
  return {
    linear: (v: number, span: number) => (fixed[axisDecimals(span)] ?? significant).format(v),
    log: (v: number) => significant.format(v),
  };
}

type MinMax = uPlot.Range.MinMax;

const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86_400;

/**
 * Time tick labels in 24-hour time with day before month, as operators in the plant read them
 * (uPlot's defaults are US style). Rows: tick step, label, then the context line shown when the
 * year / month / day / hour / minute changes (uPlot's time axis table).
 */
export const TIME_AXIS_LABELS: uPlot.Axis.TimeValuesConfig = [
  [365 * DAY_S, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY_S, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY_S, '{D}.{M}.', '\n{YYYY}', null, null, null, null, null, 1],
  [HOUR_S, '{HH}:{mm}', '\n{D}.{M}.{YYYY}', null, '\n{D}.{M}.', null, null, null, 1],
  [MINUTE_S, '{HH}:{mm}', '\n{D}.{M}.{YYYY}', null, '\n{D}.{M}.', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{D}.{M}.{YYYY}', null, '\n{D}.{M}.', null, null, null, 1],
];

/** Least distance of two time ticks in px: the widest label ("30.12.2026") and a gap. */
export const TIME_TICK_SPACE = 90;

/** Month and weekday names of a language for uPlot's date templates. */
export function dateNames(locale: string): uPlot.DateNames {
  const names = (options: Intl.DateTimeFormatOptions, dates: Date[]) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return dates.map((d) => format.format(d));
  };
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 15)));
  // 7 January 2024 was a Sunday, uPlot's first weekday.
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2024, 0, 7 + d)));
  return {
    MMMM: names({ month: 'long' }, months),
    MMM: names({ month: 'short' }, months),
    WWWW: names({ weekday: 'long' }, days),
    WWW: names({ weekday: 'short' }, days),
  };
}

/** A scale range: explicit min and max as given (zoom), else the one kept by the component. */
const rangeOr =
  (fallback: () => ScaleRange) =>
  (_u: uPlot, min: number | null, max: number | null): MinMax => {
    if (min !== null && max !== null && Number.isFinite(min) && Number.isFinite(max)) return [min, max];
    const r = fallback();
    return [r.min, r.max];
  };

function valueScale(index: number, axis: PlotAxis, ctx: PlotOptionsContext): uPlot.Scale {
  return {
    // Ranges come from the axis rules over all loaded data, not from uPlot's scan of the view.
    auto: false,
    distr: axis.log ? 3 : 1,
    ...(axis.log ? { log: uplotBase(axis.logBase) } : {}),
    dir: axis.reverse ? -1 : 1,
    range: rangeOr(() => ctx.yRange(index)),
  };
}

/**
 * How a series' value axis looks in a layout. Every series has an axis of its own; only the
 * first series of each merged group shows it, on the left for the 1st, 3rd, … group and on the
 * right for the others, labelled with the group's dimensions, in the first series' colour when
 * there are several axes, and the first group's axis draws the grid.
 */
export interface AxisLook {
  shown: boolean;
  side: 1 | 3;
  stroke: string;
  /** The dimensions of the group's series, or null without any. */
  label: string | null;
  grid: boolean;
}

/** The look of an axis no group shows. */
export const HIDDEN_AXIS: AxisLook = { shown: false, side: 3, stroke: AXIS_COLOR, label: null, grid: false };

export function axisLooks(series: readonly PlotSeries[], layout: PlotLayout): AxisLook[] {
  const multiple = layout.groups.length > 1;
  const looks: AxisLook[] = series.map(() => HIDDEN_AXIS);
  layout.groups.forEach((group, g) => {
    const leader = group.seriesIndexes[0] ?? 0;
    const first = series[leader];
    const dimensions = [
      ...new Set(group.seriesIndexes.map((i) => series[i]?.dimension ?? '').filter(Boolean)),
    ];
    const look: AxisLook = {
      shown: true,
      side: g % 2 === 0 ? 3 : 1,
      stroke: multiple && first ? first.color : AXIS_COLOR,
      label: dimensions.length > 0 ? dimensions.join(', ') : null,
      grid: g === 0,
    };
    for (const i of group.seriesIndexes) looks[i] = { ...look, shown: i === leader };
  });
  return looks;
}

type LiveAxis = uPlot.Axis & { _show?: boolean };

/**
 * Gives the plot's value axes the looks of a new layout, in place (uPlot reads these on every
 * layout and draw). Returns whether any axis appeared, vanished, moved sides or gained or lost
 * its label, which the plot must then lay out anew.
 */
export function applyAxisLooks(u: uPlot, looks: readonly AxisLook[]): boolean {
  let moved = false;
  looks.forEach((look, i) => {
    const axis = u.axes[i + 1] as LiveAxis | undefined;
    if (!axis) return;
    const labelled = axis.label != null && axis.label !== '';
    if (axis.show !== look.shown || axis.side !== look.side || labelled !== (look.label !== null))
      moved = true;
    axis.show = look.shown;
    // uPlot shows an axis again by itself; hiding one also takes its element away.
    if (!look.shown) axis._show = false;
    axis.side = look.side;
    axis.label = look.label ?? undefined;
    if (axis.grid) axis.grid.show = look.grid;
  });
  return moved;
}

function valueAxis(
  index: number,
  settings: PlotAxis,
  look: AxisLook,
  ctx: PlotOptionsContext,
  format: ReturnType<typeof numberFormats>,
): uPlot.Axis {
  const scaleKey = seriesScaleKey(index);
  const axis: uPlot.Axis = {
    scale: scaleKey,
    // Built shown, so uPlot prepares every axis; the layout's looks hide the followers.
    show: true,
    side: look.side,
    stroke: () => ctx.axisLook(index).stroke,
    font: AXIS_FONT,
    labelFont: AXIS_FONT,
    labelSize: 18,
    grid: { show: look.grid, stroke: GRID_COLOR, width: 1 },
    ticks: { show: true, stroke: GRID_COLOR, width: 1, size: 4 },
    size: (_u, values) => (values ? valueAxisWidth(Math.max(...values.map((v) => v.length), 1)) : 40),
    // uPlot's tick filter of logarithmic axes leaves gaps (null) where no label fits.
    values: settings.log
      ? (_u, splits) => splits.map((v: number | null) => (v === null ? '' : format.log(v)))
      : (u, splits) => {
          const scale = u.scales[scaleKey];
          const span = (scale?.max ?? 1) - (scale?.min ?? 0);
          return splits.map((v: number | null) => (v === null ? '' : format.linear(v, span)));
        },
  };
  if (look.label !== null) axis.label = look.label;
  if (!settings.log) axis.incrs = (_u, _i, min, max) => linearIncrements(max - min);
  else if (settings.logBase !== 2 && settings.logBase !== 10) {
    axis.splits = (_u, _i, min, max) => logSplits(settings.logBase, min, max);
    axis.filter = (_u, splits) => splits;
  }
  return axis;
}

function seriesOptions(s: PlotSeries, scaleKey: string, log: boolean): uPlot.Series {
  const base: uPlot.Series = {
    label: s.label,
    scale: scaleKey,
    stroke: s.color,
    width: LINE_WIDTH,
    show: s.visible,
    spanGaps: false,
  };
  // Areas and bars start at 0, or at the plot's lower edge when 0 is outside (always on a log axis).
  const fillTo = (u: uPlot): number => {
    const scale = u.scales[scaleKey];
    const min = scale?.min ?? 0;
    const max = scale?.max ?? 0;
    return log ? min : Math.min(Math.max(0, min), max);
  };
  switch (s.viewType) {
    case 'Bar':
      return {
        ...base,
        width: 0,
        fill: withAlpha(s.color, BAR_FILL_ALPHA),
        fillTo,
        paths: uPlot.paths.bars?.({ size: [0.7, 64], align: 0 }),
        points: { show: false },
      };
    case 'Area':
      return { ...base, fill: withAlpha(s.color, AREA_FILL_ALPHA), fillTo };
    case 'Point':
      return {
        ...base,
        paths: () => null,
        points: { show: true, size: 5, width: 1, stroke: s.color, fill: s.color },
      };
    case 'StepLine':
      return { ...base, paths: uPlot.paths.stepped?.({ align: 1 }) };
    case 'Line':
      return { ...base, paths: tracedLinePaths };
  }
}

/**
 * The uPlot options of a time series plot: time on x (seconds), a value scale and axis per
 * series (logarithmic: distr 3 with its base; reversed: dir -1), the series of a merged axis
 * group sharing its range, so that a new grouping changes ranges and looks, never the plot's
 * make-up; the view type of each series, no built-in legend (the chart legend is separate),
 * drag-select zooming time and double-click left to the component. `looks`: the axes as
 * first shown.
 */
export function buildPlotOptions(
  series: readonly PlotSeries[],
  looks: readonly AxisLook[],
  ctx: PlotOptionsContext,
): uPlot.Options {
  const format = numberFormats(ctx.locale);
  const scales: uPlot.Scales = {
    x: { time: true, auto: false, range: rangeOr(ctx.xRange) },
  };
  series.forEach((s, i) => (scales[seriesScaleKey(i)] = valueScale(i, s.axis, ctx)));
  const names = dateNames(ctx.locale);
  return {
    width: ctx.width,
    height: ctx.height,
    fmtDate: (template) => uPlot.fmtDate(template, names),
    // Ticks and labels on the plant's clock (its midnights and hours), not the browser's.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), plantTimeZone()),
    legend: { show: false },
    cursor: {
      drag: { x: true, y: false, setScale: true, dist: 5 },
      bind: { dblclick: () => null },
      points: { size: 6 },
    },
    scales,
    series: [{}, ...series.map((s, i) => seriesOptions(s, seriesScaleKey(i), s.axis.log))],
    axes: [
      {
        stroke: AXIS_COLOR,
        font: AXIS_FONT,
        values: TIME_AXIS_LABELS,
        // Room per tick for a whole label ("19.11." above its year, "14:00" above its date):
        // uPlot's 50 px let neighbouring dates run into each other.
        space: TIME_TICK_SPACE,
        grid: { show: true, stroke: GRID_COLOR, width: 1 },
        ticks: { show: true, stroke: GRID_COLOR, width: 1, size: 4 },
      },
      ...series.map((s, i) => valueAxis(i, s.axis, looks[i] ?? HIDDEN_AXIS, ctx, format)),
    ],
    hooks: ctx.hooks ?? {},
  };
}
