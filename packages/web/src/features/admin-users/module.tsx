import { lazy, Suspense } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { LoadingView } from '../../ui/status-views';

// Its own chunk: only administrators ever load it.
const AdminUsersPage = lazy(() => import('./admin-users-page').then((m) => ({ default: m.AdminUsersPage })));

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
