import type { FeatureModule } from '../../app/feature-module';

/** Routes and navigation of this feature. */
export const adminUsersFeature: FeatureModule = {};
