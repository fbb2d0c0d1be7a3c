import { Suspense } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Its own chunk: only administrators ever load it.
const AdminUsersPage = lazyScreen(
  () => import('./admin-users-page'),
  (m) => m.AdminUsersPage,
);

/** User administration at /admin/users; reached from the user menu, not the main navigation. */
export const adminUsersFeature: FeatureModule = {
  shellRoutes: [
    {
      path: 'admin/users',
      element: (
        <Suspense fallback={<LoadingView />}>
          <AdminUsersPage />
        </Suspense>
      ),
    },
  ],
};
