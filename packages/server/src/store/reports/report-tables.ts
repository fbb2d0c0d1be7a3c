import type { Generated } from 'kysely';

/** Tables of reports: configs, manual inputs, and the overflow events of stormwater basins. */
export interface ReportTables {
  report_configs: ReportConfigsTable;
  report_manual_inputs: ReportManualInputsTable;
  rueb_events: RuebEventsTable;
  report_export_settings: ReportExportSettingsTable;
  report_scheduled_exports: ReportScheduledExportsTable;
  report_export_runs: ReportExportRunsTable;
}

export interface ReportExportSettingsTable {
  user_id: number;
  /** JSON of ExportSettings. */
  settings: string;
  updated_at: number;
}

export interface ReportScheduledExportsTable {
  id: Generated<number>;
  user_id: number;
  config_id: number;
  kind: string;
  format: string;
  /** HH:mm in the plant's time zone. */
  time_of_day: string;
  folder: string;
  /** JSON array of e-mail addresses. */
  recipients: string;
  created_at: number;
}

export interface ReportExportRunsTable {
  export_id: number;
  /** yyyy-MM-dd of the report that was exported: one run per export and period. */
  period: string;
  status: string;
  file_name: string | null;
  message: string;
  ran_at: number;
}

export interface ReportConfigsTable {
  id: number;
  name: string;
  kind: string;
  /** JSON array of report columns. */
  columns: string;
  sort: number;
  /** Day reports: 'hour' or 'quarterHour'; null is 'hour'. */
  resolution: string | null;
}

export interface ReportManualInputsTable {
  config_id: number;
  kind: string;
  /** yyyy-MM-dd of the report. */
  date: string;
  pv_type: string;
  pv_nr: number;
  row_index: number;
  value: number | null;
  /** Enabled, Disabled or Removed. */
  state: string;
  username: string;
  updated_at: number;
}

export interface RuebEventsTable {
  id: Generated<number>;
  basin_id: string;
  station_nr: number;
  start_at: number;
  /** null while the basin spills. */
  end_at: number | null;
  overflow_volume: number;
  max_level: number;
}
