import type { Insertable, Selectable } from 'kysely';
import type {
  ChartConfig,
  ChartConfigFields,
  ChartSeriesConfig,
  ChartSeriesFields,
  PvType,
} from '@leitwarte/core';
import type { ChartConfigsTable, ChartSeriesTable } from './tables.js';

/** A stored chart config: everything but the per-caller edit flag. */
export type ChartConfigRecord = Omit<ChartConfig, 'currentUserCanEdit'>;

const bit = (b: boolean) => (b ? 1 : 0);

export function configFromRow(row: Selectable<ChartConfigsTable>): ChartConfigRecord {
  return {
    id: row.id,
    directoryId: row.directory_id,
    type: row.type as ChartConfig['type'],
    title: row.title,
    maxDaysForArchiveValues: row.max_days_archive,
    maxMonthsForQuarterHourValues: row.max_months_quarter_hour,
    maxYearsForDayValues: row.max_years_day,
    timeSpanFactor: row.time_span_factor,
    timeSpanUnit: row.time_span_unit as ChartConfig['timeSpanUnit'],
    dataSourcePreset: row.data_source_preset as ChartConfig['dataSourcePreset'],
  };
}

export function configColumns(fields: ChartConfigFields) {
  return {
    type: fields.type,
    title: fields.title,
    max_days_archive: fields.maxDaysForArchiveValues,
    max_months_quarter_hour: fields.maxMonthsForQuarterHourValues,
    max_years_day: fields.maxYearsForDayValues,
    time_span_factor: fields.timeSpanFactor,
    time_span_unit: fields.timeSpanUnit,
    data_source_preset: fields.dataSourcePreset,
  };
}

export function seriesFromRow(row: Selectable<ChartSeriesTable>): ChartSeriesConfig {
  return {
    id: row.id,
    chartId: row.chart_id,
    sortIndex: row.sort_index,
    seriesViewType: row.view_type as ChartSeriesConfig['seriesViewType'],
    color: row.color,
    pv: { type: row.pv_type as PvType, nr: row.pv_nr },
    pvSubtype: row.pv_subtype,
    measurementType: row.measurement_type as ChartSeriesConfig['measurementType'],
    yminOrNoneCase: row.ymin_case as ChartSeriesConfig['yminOrNoneCase'],
    axisYMin: row.axis_y_min,
    ymaxOrNoneCase: row.ymax_case as ChartSeriesConfig['ymaxOrNoneCase'],
    axisYMax: row.axis_y_max,
    axisYIsLogarithmic: row.axis_y_log === 1,
    axisYLogarithmicBase: row.axis_y_log_base,
    axisYReverse: row.axis_y_reverse === 1,
    showLimitBottom: row.show_limit_bottom === 1,
    showLimitBottomMiddle: row.show_limit_bottom_middle === 1,
    showLimitTopMiddle: row.show_limit_top_middle === 1,
    showLimitTop: row.show_limit_top === 1,
    limitTextBottom: row.limit_text_bottom,
    limitTextBottomMiddle: row.limit_text_bottom_middle,
    limitTextTopMiddle: row.limit_text_top_middle,
    limitTextTop: row.limit_text_top,
    showEksInLegend: row.show_eks_in_legend === 1,
    legendText: row.legend_text,
    dimension: row.dimension,
  };
}

export function seriesColumns(chartId: number, s: ChartSeriesFields): Insertable<ChartSeriesTable> {
  return {
    chart_id: chartId,
    sort_index: s.sortIndex,
    view_type: s.seriesViewType,
    color: s.color,
    pv_type: s.pv.type,
    pv_nr: s.pv.nr,
    pv_subtype: s.pvSubtype,
    measurement_type: s.measurementType,
    ymin_case: s.yminOrNoneCase,
    axis_y_min: s.axisYMin,
    ymax_case: s.ymaxOrNoneCase,
    axis_y_max: s.axisYMax,
    axis_y_log: bit(s.axisYIsLogarithmic),
    axis_y_log_base: s.axisYLogarithmicBase,
    axis_y_reverse: bit(s.axisYReverse),
    show_limit_bottom: bit(s.showLimitBottom),
    show_limit_bottom_middle: bit(s.showLimitBottomMiddle),
    show_limit_top_middle: bit(s.showLimitTopMiddle),
    show_limit_top: bit(s.showLimitTop),
    limit_text_bottom: s.limitTextBottom,
    limit_text_bottom_middle: s.limitTextBottomMiddle,
    limit_text_top_middle: s.limitTextTopMiddle,
    limit_text_top: s.limitTextTop,
    show_eks_in_legend: bit(s.showEksInLegend),
    legend_text: s.legendText,
    dimension: s.dimension,
  };
}
