import type { PlotAxis, PlotSeries } from './plot-types';

export const freeAxis: PlotAxis = {
  min: { case: 'None', value: null },
  max: { case: 'None', value: null },
  log: false,
  logBase: 10,
  reverse: false,
};

/** A series for tests: a line on a free linear axis unless told otherwise. */
export function plotSeries(key: string, overrides: Partial<PlotSeries> = {}): PlotSeries {
  return {
    key,
    label: `Label ${key}`,
    dimension: 'm',
    eks: null,
    color: '#1f77b4ff',
    viewType: 'Line',
    visible: true,
    axis: freeAxis,
    ...overrides,
  };
}
