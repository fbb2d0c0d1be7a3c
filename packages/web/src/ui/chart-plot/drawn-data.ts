import { snapToPixelColumns, type TimeWindow } from '@leitwarte/core';
import type uPlot from 'uplot';
import { viewMsPerPixel } from './use-chart-data';
import { joinSeriesData, type SeriesPoints } from './join-series';
import { prepareData } from './plot-data';
import { drawnColumns } from './plot-options';
import type { PlotSeries } from './plot-types';

/**
 * What uPlot draws of the series' points at a drawing width: every point at the start of its
 * pixel column of the view (the rule of reduced data, snapToPixelColumns), the series aligned on
 * one time axis in seconds, values without a place on a logarithmic axis as gaps, and a series'
 * line running past the rows of the other series' times. Without a drawing width the times stay
 * as they are.
 */
export function drawnData(
  series: readonly PlotSeries[],
  points: readonly SeriesPoints[],
  view: TimeWindow,
  drawingWidth: number,
): uPlot.AlignedData {
  const msPerPixel = viewMsPerPixel(view, drawingWidth);
  const aligned = joinSeriesData(
    msPerPixel > 0
      ? points.map((p) => ({ t: snapToPixelColumns(p.t, view.start, msPerPixel), v: p.v }))
      : points,
  );
  return drawnColumns(aligned, prepareData(series, aligned));
}
