import type { FeatureModule } from '../../lib/feature-module';

/**
 * Dashboards: `/` (the start dashboard) and `/{id}` are routed by the app beside the not-found
 * page, since a one-segment path is a dashboard only when it is a number.
 */
export const dashboardFeature: FeatureModule = {
  nav: [{ group: 'plant', path: '/', labelKey: 'nav.dashboard' }],
};
