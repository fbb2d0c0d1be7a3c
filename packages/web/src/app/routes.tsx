import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { DEFAULT_LANDING } from '../lib/return-url';
import { ErrorBoundary } from '../ui/error-boundary';
import { LoadingView } from '../ui/status-views';
import { FEATURE_MODULES } from './feature-modules';
import { AppShellLayout, LoginPage, LogoutPage, NotFoundPage, OverviewPage } from './lazy-pages';
import { RequireAuth } from './require-auth';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const page = (node: ReactNode) => <Suspense fallback={<LoadingView />}>{node}</Suspense>;

/** Routes of DESIGN.md; only those that exist yet. Features bring theirs in their module. */
export const routes: RouteObject[] = [
  { path: '/login', element: page(<LoginPage />) },
  { path: '/logout', element: page(<LogoutPage />) },
  ...FEATURE_MODULES.flatMap((m) => m.publicRoutes ?? []),
  {
    path: '/',
    element: <RequireAuth>{page(<AppShellLayout />)}</RequireAuth>,
    children: [
      // The dashboard will live at "/"; until then the overview is the start page.
      { index: true, element: <Navigate to={DEFAULT_LANDING} replace /> },
      { path: 'overview', element: <OverviewPage /> },
      ...FEATURE_MODULES.flatMap((m) => m.shellRoutes ?? []),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's routes under whichever router hosts them (BrowserRouter in the app, MemoryRouter in
 * tests). Declarative routing on purpose: data comes through TanStack Query, so the data router's
 * loaders would be unused weight in the first download.
 */
export function AppRoutes() {
  useUnauthorizedRedirect();
  return <ErrorBoundary>{useRoutes(routes)}</ErrorBoundary>;
}
