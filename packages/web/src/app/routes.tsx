import { Suspense, type ReactNode } from 'react';
import { Outlet, useParams, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '../ui/error-boundary';
import { LoadingView } from '../ui/status-views';
import { FEATURE_MODULES } from './feature-modules';
import {
  AppShellLayout,
  DashboardPage,
  LoginPage,
  LogoutPage,
  NotFoundPage,
  OverviewPage,
} from './lazy-pages';
import { RequireAuth } from './require-auth';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const page = (node: ReactNode) => <Suspense fallback={<LoadingView />}>{node}</Suspense>;

/** `/{id}` is a dashboard when the id is a number (DESIGN routes); any other one segment is not found. */
function DashboardOrNotFound() {
  const { dashboardId } = useParams();
  return /^[1-9][0-9]{0,9}$/.test(dashboardId ?? '') ? <DashboardPage /> : <NotFoundPage />;
}

/** Routes of DESIGN.md; only those that exist yet. Features bring theirs in their module. */
export const routes: RouteObject[] = [
  { path: '/login', element: page(<LoginPage />) },
  { path: '/logout', element: page(<LogoutPage />) },
  ...FEATURE_MODULES.flatMap((m) => m.publicRoutes ?? []),
  {
    path: '/window',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: FEATURE_MODULES.flatMap((m) => m.windowRoutes ?? []),
  },
  {
    path: '/',
    element: <RequireAuth>{page(<AppShellLayout />)}</RequireAuth>,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: ':dashboardId', element: <DashboardOrNotFound /> },
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
