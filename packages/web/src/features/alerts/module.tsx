import { lazy, Suspense } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { LoadingView } from '../../ui/status-views';

// Its own chunk: the archive, its list and the alert channel load when the screen is visited.
const AlertArchivePage = lazy(() =>
  import('./alert-archive-page').then((m) => ({ default: m.AlertArchivePage })),
);

/** Routes and navigation of this feature. */
export const alertsFeature: FeatureModule = {
  shellRoutes: [
    {
      path: 'alerts',
      element: (
        <Suspense fallback={<LoadingView />}>
          <AlertArchivePage />
        </Suspense>
      ),
    },
  ],
  nav: [{ group: 'alerts', path: '/alerts', labelKey: 'alerts.nav' }],
};
