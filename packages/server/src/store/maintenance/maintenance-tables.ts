import type { Generated } from 'kysely';
import type { ReportTables } from '../reports/report-tables.js';

/** Maintenance and report tables together, as the store's schema includes them. */
export interface MaintenanceReportTables extends MaintenanceTables, ReportTables {}

/** Tables of maintenance: service-message configs, descriptions, life cycle and data sheets. */
export interface MaintenanceTables {
  maintenance_configs: MaintenanceConfigsTable;
  maintenance_descriptions: MaintenanceDescriptionsTable;
  maintenance_lifecycle: MaintenanceLifecycleTable;
  maintenance_documents: MaintenanceDocumentsTable;
  maintenance_datasheet_data: MaintenanceDatasheetDataTable;
  maintenance_parts: MaintenancePartsTable;
  /** Migration 019: one calendar feed token per user (its SHA-256 only). */
  maintenance_calendar_tokens: MaintenanceCalendarTokensTable;
}

/** One service-message limit of a runtime PV; the live runtime value's limit overrides runtime_hours. */
export interface MaintenanceConfigsTable {
  id: Generated<number>;
  pv_type: string;
  pv_nr: number;
  /** Bottom, BottomMiddle, TopMiddle or Top. */
  message_type: string;
  delay_time: number;
  description: string;
  message: string;
  priority: number;
  runtime_hours: number;
  /** Hours, Days, Months, Years or Cycles: how notifications of this runtime are shown. */
  runtime_dimension: string;
  updated_at: number;
}

export interface MaintenanceDescriptionsTable {
  id: Generated<number>;
  text: string;
  sort: number;
}

export interface MaintenanceLifecycleTable {
  id: Generated<number>;
  pv_type: string;
  pv_nr: number;
  maintenance_timestamp: number;
  text: string;
  kind: string;
  username: string;
  created_at: number;
  updated_at: number;
}

export interface MaintenanceDocumentsTable {
  id: Generated<number>;
  pv_type: string;
  pv_nr: number;
  description: string;
  doc_type: string;
  target: string | null;
  file_name: string | null;
  /** Generated name relative to the document storage directory; null for links. */
  stored_name: string | null;
  username: string;
  created_at: number;
}

export interface MaintenanceDatasheetDataTable {
  id: Generated<number>;
  pv_type: string;
  pv_nr: number;
  sort: number;
  key: string;
  value: string;
}

export interface MaintenancePartsTable {
  id: Generated<number>;
  pv_type: string;
  pv_nr: number;
  sort: number;
  number: string;
  name: string;
  quantity: number;
}

export interface MaintenanceCalendarTokensTable {
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
}
