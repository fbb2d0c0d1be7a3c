export {
  createDashboardService,
  DashboardConflictError,
  type DashboardService,
  type DashboardServiceDeps,
  type NoteUpdate,
} from './dashboard-service.js';
export {
  DashboardsContentSchema,
  resolveDashboardsContent,
  type DashboardsContent,
  type SeedDashboard,
} from './dashboards-content.js';
export { visibleDashboard, visibleWidget, type DashboardViewer } from './dashboard-visibility.js';
export {
  createWeatherService,
  WEATHER_CACHE_MS,
  type WeatherPlace,
  type WeatherService,
} from './weather-service.js';
export type { DashboardReferences } from './dashboard-input.js';
