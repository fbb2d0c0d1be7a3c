import { accountFeature } from '../features/account/module';
import { adminSourcesFeature } from '../features/admin-sources/module';
import { adminUsersFeature } from '../features/admin-users/module';
import { alertsFeature } from '../features/alerts/module';
import { chartsFeature } from '../features/charts/module';
import { dashboardFeature } from '../features/dashboard/module';
import { eventsFeature } from '../features/events/module';
import { loginFlowFeature } from '../features/login/module';
import { maintenanceFeature } from '../features/maintenance/module';
import { remoteAlarmFeature } from '../features/remote-alarm/module';
import { reportsFeature } from '../features/reports/module';
import { shellPagesFeature } from '../features/shell-pages/module';
import { stationsFeature } from '../features/stations/module';
import { visualizationFeature } from '../features/visualization/module';
import { webcamsFeature } from '../features/webcams/module';
import type { FeatureModule } from '../lib/feature-module';

/** Every feature that adds routes or navigation, in navigation order within a group. */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  loginFlowFeature,
  stationsFeature,
  visualizationFeature,
  dashboardFeature,
  alertsFeature,
  eventsFeature,
  chartsFeature,
  maintenanceFeature,
  reportsFeature,
  remoteAlarmFeature,
  webcamsFeature,
  accountFeature,
  adminUsersFeature,
  adminSourcesFeature,
  shellPagesFeature,
];
