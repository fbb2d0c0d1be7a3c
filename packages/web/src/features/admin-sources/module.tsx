import { Suspense } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Its own chunk: only administrators ever load it.
const AdminSourcesPage = lazyScreen(
  () => import('./admin-sources-page'),
  (m) => m.AdminSourcesPage,
);

/** The data sources at /admin/sources; reached from the user menu, like the user administration. */
export const adminSourcesFeature: FeatureModule = {
  shellRoutes: [
    {
      path: 'admin/sources',
      element: (
        <Suspense fallback={<LoadingView />}>
          <AdminSourcesPage />
        </Suspense>
      ),
    },
  ],
};
