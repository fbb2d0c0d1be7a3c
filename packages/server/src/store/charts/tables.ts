import type { Generated } from 'kysely';
import type { DashboardTables } from '../dashboards/tables.js';
import type { WebcamTables } from '../webcams/tables.js';

export interface ChartDirectoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  type: string;
  sort_index: Generated<number>;
}

export interface ChartConfigsTable {
  id: Generated<number>;
  directory_id: number | null;
  seed_key: string | null;
  type: string;
  title: string;
  max_days_archive: number;
  max_months_quarter_hour: number;
  max_years_day: number;
  time_span_factor: number;
  time_span_unit: string;
  data_source_preset: string;
  sort_index: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** One series of a chart; flags are 0/1. */
export interface ChartSeriesTable {
  id: Generated<number>;
  chart_id: number;
  sort_index: number;
  view_type: string;
  color: string | null;
  pv_type: string;
  pv_nr: number;
  pv_subtype: string;
  measurement_type: string;
  ymin_case: string;
  axis_y_min: number | null;
  ymax_case: string;
  axis_y_max: number | null;
  axis_y_log: number;
  axis_y_log_base: number;
  axis_y_reverse: number;
  show_limit_bottom: number;
  show_limit_bottom_middle: number;
  show_limit_top_middle: number;
  show_limit_top: number;
  limit_text_bottom: string;
  limit_text_bottom_middle: string;
  limit_text_top_middle: string;
  limit_text_top: string;
  show_eks_in_legend: number;
  legend_text: string | null;
  dimension: string | null;
}

export interface AnnotationsTable {
  id: Generated<number>;
  at: number;
  pv_type: string;
  pv_nr: number;
  data_source: string;
  text: string;
  visible: number;
  show_in_day_report: number;
  show_in_week_report: number;
  show_in_month_report: number;
  show_in_year_report: number;
  created_at: number;
  created_by: string | null;
  updated_at: number;
}

/** Tables of charts and annotations. */
export interface ChartTables {
  chart_directories: ChartDirectoriesTable;
  chart_configs: ChartConfigsTable;
  chart_series: ChartSeriesTable;
  annotations: AnnotationsTable;
}

/** Every table of charts, annotations, dashboards and webcam images (migration 005). */
export interface VisualisationTables extends ChartTables, DashboardTables, WebcamTables {}
