import type { Generated } from 'kysely';

export interface DashboardsTable {
  id: Generated<number>;
  seed_key: string | null;
  name: string;
  layout: string;
  is_default: number;
  sort_index: number;
  version: Generated<number>;
  created_by: string | null;
  updated_at: number | null;
  updated_by: string | null;
}

/** A widget; `settings` holds the fields of its kind as JSON, `position` as JSON or null. */
export interface DashboardWidgetsTable {
  id: Generated<number>;
  dashboard_id: number;
  sort_index: number;
  kind: string;
  title: string;
  size: string;
  position: string | null;
  settings: string;
  note: string | null;
  note_updated_at: number | null;
  note_updated_by: string | null;
}

export interface DashboardTables {
  dashboards: DashboardsTable;
  dashboard_widgets: DashboardWidgetsTable;
}
