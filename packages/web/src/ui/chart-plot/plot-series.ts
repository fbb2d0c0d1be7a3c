import {
  colorToCss,
  LIMIT_LINES,
  pvKey,
  seriesColor,
  type ChartSeriesFields,
  type LimitConfig,
  type LimitLine,
  type PvConfig,
  type PvRef,
} from '@leitwarte/core';
import type { PlotLimitLine, PlotSeries } from './plot-types';

/**
 * One key per series, the PV key where it is unique (the legend and the tests find a series by
 * it); a PV shown twice gets its position added to the second key.
 */
export function seriesKeys(pvs: readonly PvRef[]): string[] {
  const used = new Set<string>();
  return pvs.map((pv, index) => {
    const base = pvKey(pv);
    const key = used.has(base) ? `${base}/${index}` : base;
    used.add(key);
    return key;
  });
}

/**
 * What the plot draws of each series (screens §3 "Series display data"): the palette colour of
 * its index unless it has its own, the static legend text or else the PV name, the static
 * dimension or else the PV's, the EKS number when the series asks for it, its axis settings.
 */
export function buildPlotSeries(
  series: readonly ChartSeriesFields[],
  keys: readonly string[],
  pvConfigs: ReadonlyMap<string, PvConfig>,
  hidden: ReadonlySet<string>,
): PlotSeries[] {
  return series.map((s, index) => {
    const key = keys[index] ?? pvKey(s.pv);
    const pv = pvConfigs.get(pvKey(s.pv));
    const legend = s.legendText?.trim();
    const eks = pv?.eksNr.trim();
    return {
      key,
      label: legend ? legend : (pv?.name ?? pvKey(s.pv)),
      dimension: s.dimension ?? pv?.dimension ?? '',
      eks: s.showEksInLegend && eks ? eks : null,
      color: colorToCss(seriesColor(s.color, index)),
      viewType: s.seriesViewType,
      visible: !hidden.has(key),
      axis: {
        min: { case: s.yminOrNoneCase, value: s.axisYMin },
        max: { case: s.ymaxOrNoneCase, value: s.axisYMax },
        log: s.axisYIsLogarithmic,
        logBase: s.axisYLogarithmicBase,
        reverse: s.axisYReverse,
      },
    };
  });
}

const SHOW_FLAG: Record<LimitLine, keyof ChartSeriesFields> = {
  Bottom: 'showLimitBottom',
  BottomMiddle: 'showLimitBottomMiddle',
  TopMiddle: 'showLimitTopMiddle',
  Top: 'showLimitTop',
};
const TEXT: Record<
  LimitLine,
  'limitTextBottom' | 'limitTextBottomMiddle' | 'limitTextTopMiddle' | 'limitTextTop'
> = {
  Bottom: 'limitTextBottom',
  BottomMiddle: 'limitTextBottomMiddle',
  TopMiddle: 'limitTextTopMiddle',
  Top: 'limitTextTop',
};

/** Whether any series wants a limit line, so the limits are only asked for when needed. */
export function wantsLimitLines(series: readonly ChartSeriesFields[]): boolean {
  return series.some((s) => LIMIT_LINES.some((kind) => s[SHOW_FLAG[kind]] === true));
}

/**
 * The limit lines of the series whose show flags are set, at the PV's current limits; a limit
 * that is not set draws no line. The text is the series' limit text, else the limit's description.
 */
export function buildLimitLines(
  series: readonly ChartSeriesFields[],
  keys: readonly string[],
  limits: readonly LimitConfig[],
): PlotLimitLine[] {
  const byKey = new Map(limits.map((l) => [`${pvKey(l.pvLimitRef.pv)}/${l.pvLimitRef.limitType}`, l]));
  const lines: PlotLimitLine[] = [];
  series.forEach((s, index) => {
    for (const kind of LIMIT_LINES) {
      if (s[SHOW_FLAG[kind]] !== true) continue;
      const limit = byKey.get(`${pvKey(s.pv)}/${kind}`);
      if (!limit || limit.notSet || !Number.isFinite(limit.limit)) continue;
      const text = s[TEXT[kind]].trim();
      lines.push({
        seriesKey: keys[index] ?? pvKey(s.pv),
        kind,
        value: limit.limit,
        text: text || limit.description,
      });
    }
  });
  return lines;
}
