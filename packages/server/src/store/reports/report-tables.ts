import type { Generated } from 'kysely';

/** Tables of reports: configs, manual inputs, and the overflow events of stormwater basins. */
export interface ReportTables {
  report_configs: ReportConfigsTable;
  report_manual_inputs: ReportManualInputsTable;
  rueb_events: RuebEventsTable;
}

export interface ReportConfigsTable {
  id: number;
  name: string;
  kind: string;
  /** JSON array of report columns. */
  columns: string;
  sort: number;
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
