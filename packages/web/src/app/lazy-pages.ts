import { lazy } from 'react';
import { lazyScreen, preloadableScreen } from '../lib/lazy-screen';

// One chunk per screen: the first download holds only the shell; each screen loads when visited.
export const LoginPage = lazy(() =>
  import('../features/login/login-page').then((m) => ({ default: m.LoginPage })),
);
export const LogoutPage = lazy(() =>
  import('../features/logout/logout-page').then((m) => ({ default: m.LogoutPage })),
);
// The overview is opened all day; its code is fetched once the shell is idle (`preloadOverview`).
const overviewScreen = preloadableScreen(
  () => import('../features/overview/overview-page'),
  (m) => m.OverviewPage,
);
export const OverviewPage = overviewScreen.Screen;
export const preloadOverview = overviewScreen.preload;
export const DashboardPage = lazyScreen(
  () => import('../features/dashboard/dashboard-page'),
  (m) => m.DashboardPage,
);
export const NotFoundPage = lazy(() =>
  import('../features/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
// The shell is not needed to log in, so the login page's first download does not carry it.
export const AppShellLayout = lazy(() =>
  import('./shell/app-shell-layout').then((m) => ({ default: m.AppShellLayout })),
);
