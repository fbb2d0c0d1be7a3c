import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { LoadingView } from '../../ui/status-views';

const FavoritesPage = lazy(() => import('./favorites-page').then((m) => ({ default: m.FavoritesPage })));
const RecentPage = lazy(() => import('./recent-page').then((m) => ({ default: m.RecentPage })));
const SettingsPage = lazy(() => import('./settings-page').then((m) => ({ default: m.SettingsPage })));
const AboutPage = lazy(() => import('./about-page').then((m) => ({ default: m.AboutPage })));
const HelpPage = lazy(() => import('./help-page').then((m) => ({ default: m.HelpPage })));

const page = (node: ReactNode) => <Suspense fallback={<LoadingView />}>{node}</Suspense>;

/**
 * The shell's own pages: favorites, recently visited, settings, about this plant, help. Their
 * navigation entries belong to the shell's "extras" group, not to a plant area.
 */
export const shellPagesFeature: FeatureModule = {
  shellRoutes: [
    { path: 'favorites', element: page(<FavoritesPage />) },
    { path: 'recent', element: page(<RecentPage />) },
    { path: 'settings', element: page(<SettingsPage />) },
    { path: 'about', element: page(<AboutPage />) },
    { path: 'help', element: page(<HelpPage />) },
  ],
};
