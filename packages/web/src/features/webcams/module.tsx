import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

const WebcamsPage = lazyScreen(
  () => import('./webcams-page'),
  (m) => m.WebcamsPage,
);
const WebcamPage = lazyScreen(
  () => import('./webcam-page'),
  (m) => m.WebcamPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/** Webcams: every camera with its current image; a camera's archive with a player. */
export const webcamsFeature: FeatureModule = {
  shellRoutes: [
    { path: 'webcams', element: page(<WebcamsPage />) },
    { path: 'webcams/:id', element: page(<WebcamPage />) },
  ],
  nav: [{ group: 'webcams', path: '/webcams', labelKey: 'nav.webcams' }],
};
