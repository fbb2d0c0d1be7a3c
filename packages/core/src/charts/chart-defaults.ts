import type { PvRef } from '../pv/pv-ref.js';
import {
  ARCHIVE_CHART_DEFAULT_SPAN,
  CHART_ARCHIVE_MAXIMA_DEFAULT,
  LIVE_CHART_DEFAULT_SPAN,
  LOGARITHMIC_BASE_DEFAULT,
  type ChartType,
} from './chart-constants.js';
import type { ChartConfigFields, ChartSeriesFields } from './chart-schemas.js';

/**
 * A new chart config with the defaults of screens §3/§4/§9: archive maxima 1 day / 1 month /
 * 1 year, data source Auto, one hour for live charts and one day for archive charts.
 */
export function defaultChartConfigFields(type: ChartType, title: string): ChartConfigFields {
  const span = type === 'LiveMeasurement' ? LIVE_CHART_DEFAULT_SPAN : ARCHIVE_CHART_DEFAULT_SPAN;
  return {
    type,
    title,
    ...CHART_ARCHIVE_MAXIMA_DEFAULT,
    timeSpanFactor: span.timeSpanFactor,
    timeSpanUnit: span.timeSpanUnit,
    dataSourcePreset: 'Auto',
  };
}

/**
 * A new series with the defaults of screens §3: Line, no fixed axis bounds (None), linear axis
 * with base 10 ready, not reversed, no limit lines, measurement type Aktuell, palette colour.
 */
export function defaultSeriesFields(pv: PvRef, sortIndex = 0): ChartSeriesFields {
  return {
    sortIndex,
    seriesViewType: 'Line',
    color: null,
    pv: { type: pv.type, nr: pv.nr },
    pvSubtype: '',
    measurementType: 'Aktuell',
    yminOrNoneCase: 'None',
    axisYMin: null,
    ymaxOrNoneCase: 'None',
    axisYMax: null,
    axisYIsLogarithmic: false,
    axisYLogarithmicBase: LOGARITHMIC_BASE_DEFAULT,
    axisYReverse: false,
    showLimitBottom: false,
    showLimitBottomMiddle: false,
    showLimitTopMiddle: false,
    showLimitTop: false,
    limitTextBottom: '',
    limitTextBottomMiddle: '',
    limitTextTopMiddle: '',
    limitTextTop: '',
    showEksInLegend: false,
    legendText: null,
    dimension: null,
  };
}
