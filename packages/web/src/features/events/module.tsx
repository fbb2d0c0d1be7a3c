import { Suspense } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Its own chunk: the event archive loads when the screen is visited.
const EventArchivePage = lazyScreen(
  () => import('./event-archive-page'),
  (m) => m.EventArchivePage,
);

/** Routes and navigation of this feature. */
export const eventsFeature: FeatureModule = {
  shellRoutes: [
    {
      path: 'events',
      element: (
        <Suspense fallback={<LoadingView />}>
          <EventArchivePage />
        </Suspense>
      ),
    },
  ],
  nav: [{ group: 'alerts', path: '/events', labelKey: 'nav.events' }],
};
