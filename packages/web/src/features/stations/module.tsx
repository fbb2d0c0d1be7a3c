import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { preloadableScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

const stationScreen = preloadableScreen(
  () => import('./station-page'),
  (m) => m.StationPage,
);
const StationPage = stationScreen.Screen;

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/** Station pages: a station's state, alerts and PVs, and the actions on them. */
export const stationsFeature: FeatureModule = {
  shellRoutes: [{ path: 'stations/:stationNr', element: page(<StationPage />) }],
  preloadWhenIdle: [stationScreen.preload],
};
