import type { FeatureModule } from '../../lib/feature-module';

/** Routes and navigation of this feature. */
export const alertsFeature: FeatureModule = {};
