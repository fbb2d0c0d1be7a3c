import { lazy } from 'react';
import { lazyScreen } from '../lib/lazy-screen';

// One chunk per screen: the first download holds only the shell; each screen loads when visited.
export const LoginPage = lazy(() =>
  import('../features/login/login-page').then((m) => ({ default: m.LoginPage })),
);
export const LogoutPage = lazy(() =>
  import('../features/logout/logout-page').then((m) => ({ default: m.LogoutPage })),
);
export const OverviewPage = lazy(() =>
  import('../features/overview/overview-page').then((m) => ({ default: m.OverviewPage })),
);
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
