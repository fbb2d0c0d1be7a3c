export {
  createDashboardsRepository,
  type DashboardFields,
  type DashboardRecord,
  type SavedWidget,
  type DashboardsRepository,
  type NewWidget,
  type WidgetPosition,
  type WidgetRecord,
} from './dashboards-repository.js';
export type { DashboardTables } from './tables.js';
