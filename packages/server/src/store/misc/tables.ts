/** Text messages, pipe-leakage nights and energy periods (migration 003). */
export interface MiscPlantTables {
  visu_text_messages: VisuTextMessagesTable;
  pipe_leakage_nights: PipeLeakageNightsTable;
  energy_periods: EnergyPeriodsTable;
}

export interface VisuTextMessagesTable {
  id: number;
  message: string;
  updated_at: number;
}

/** The minimum of one night window of one pipe-leakage measurement. */
export interface PipeLeakageNightsTable {
  pipe_leakage_id: number;
  window_begin: number;
  window_end: number;
  min_value: number;
  min_at: number;
}

/** Mean powers of one completed measuring period (the month's maximum is taken from these). */
export interface EnergyPeriodsTable {
  config_id: number;
  period_start: number;
  grid_mean_kw: number;
  chp_mean_kw: number;
}
