import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';
import { processImageScreen } from './screens';

const ProcessImagesPage = lazyScreen(
  () => import('./process-images-page'),
  (m) => m.ProcessImagesPage,
);
const ProcessImagePage = processImageScreen.Screen;

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/** Process images: the list, and one image live with its actions. */
export const visualizationFeature: FeatureModule = {
  shellRoutes: [
    { path: 'visualization', element: page(<ProcessImagesPage />) },
    { path: 'visualization/:name', element: page(<ProcessImagePage />) },
  ],
  windowRoutes: [{ path: 'visualization/:name', element: page(<ProcessImagePage standalone />) }],
  nav: [{ group: 'plant', path: '/visualization', labelKey: 'nav.processImages' }],
};
