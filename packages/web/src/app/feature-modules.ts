import { accountFeature } from '../features/account/module';
import { adminSourcesFeature } from '../features/admin-sources/module';
import { adminUsersFeature } from '../features/admin-users/module';
import { alertsFeature } from '../features/alerts/module';
import { chartsFeature } from '../features/charts/module';
import { eventsFeature } from '../features/events/module';
import { loginFlowFeature } from '../features/login/module';
import { remoteAlarmFeature } from '../features/remote-alarm/module';
import { reportsFeature } from '../features/reports/module';
import { shellPagesFeature } from '../features/shell-pages/module';
import { webcamsFeature } from '../features/webcams/module';
import type { FeatureModule } from '../lib/feature-module';

/** Every feature that adds routes or navigation, in navigation order within a group. */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  loginFlowFeature,
  alertsFeature,
  eventsFeature,
  chartsFeature,
  reportsFeature,
  remoteAlarmFeature,
  webcamsFeature,
  accountFeature,
  adminUsersFeature,
  adminSourcesFeature,
  shellPagesFeature,
];
