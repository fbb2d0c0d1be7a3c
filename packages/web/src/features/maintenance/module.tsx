import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Each screen is its own chunk and brings the maintenance texts with it.
const MessagesPage = lazyScreen(
  () => import('./messages-page'),
  (m) => m.MessagesPage,
);
const ReportPage = lazyScreen(
  () => import('./report-page'),
  (m) => m.ReportPage,
);
const TimeControlPage = lazyScreen(
  () => import('./time-control-page'),
  (m) => m.TimeControlPage,
);
const RuntimesPage = lazyScreen(
  () => import('./runtimes-page'),
  (m) => m.RuntimesPage,
);

const LifecyclePage = lazyScreen(
  () => import('./lifecycle-page'),
  (m) => m.LifecyclePage,
);
const DatasheetPage = lazyScreen(
  () => import('./datasheet-page'),
  (m) => m.DatasheetPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/**
 * Maintenance: the messages of due and soon-due machines, and per machine (a PV reference such
 * as DigiIn-100020) its runtimes, life cycle and data sheet.
 */
export const maintenanceFeature: FeatureModule = {
  shellRoutes: [
    { path: 'maintenance/messages', element: page(<MessagesPage />) },
    { path: 'maintenance/report', element: page(<ReportPage />) },
    { path: 'maintenance/time-control', element: page(<TimeControlPage />) },
    { path: 'maintenance/runtimes/:id', element: page(<RuntimesPage />) },
    { path: 'maintenance/lifecycle/:id', element: page(<LifecyclePage />) },
    { path: 'maintenance/datasheet/:id', element: page(<DatasheetPage />) },
  ],
  nav: [
    { group: 'maintenance', path: '/maintenance/messages', labelKey: 'nav.maintenance.messages' },
    { group: 'maintenance', path: '/maintenance/report', labelKey: 'nav.maintenance.report' },
    { group: 'maintenance', path: '/maintenance/time-control', labelKey: 'nav.maintenance.timeControl' },
  ],
};
