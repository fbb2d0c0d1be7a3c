import type { AxisBound, LimitLine, SeriesViewType } from '@leitwarte/core';

/** One series as the plot draws it; the screens resolve texts and colours beforehand. */
export interface PlotSeries {
  /** Stable key, the PV reference text such as "AnaIn-100001". */
  key: string;
  /** Static legend text or the PV name. */
  label: string;
  dimension: string;
  /** EKS number when the legend shows it, else null. */
  eks: string | null;
  /** Any CSS colour. */
  color: string;
  viewType: SeriesViewType;
  visible: boolean;
  axis: PlotAxis;
}

/** Value axis settings of a series (screens §3, §5). */
export interface PlotAxis {
  min: AxisBound;
  max: AxisBound;
  log: boolean;
  logBase: number;
  reverse: boolean;
}

export interface PlotAnnotation {
  id: number;
  /** Time in ms. */
  t: number;
  seriesKey: string;
  text: string;
}

export interface PlotLimitLine {
  seriesKey: string;
  kind: LimitLine;
  value: number;
  /** Text beside the line; empty: the default name of the limit kind. */
  text: string;
}

export type RangeChangeCause = 'zoom' | 'pan' | 'reset';
