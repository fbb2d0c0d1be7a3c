import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Each screen is its own chunk; uPlot, the chart code and the chart texts load when one is opened.
const ChartDirectoryPage = lazyScreen(
  () => import('./directory-page'),
  (m) => m.ChartDirectoryPage,
);
const LiveChartPage = lazyScreen(
  () => import('./chart-pages'),
  (m) => m.LiveChartPage,
);
const ArchiveChartPage = lazyScreen(
  () => import('./chart-pages'),
  (m) => m.ArchiveChartPage,
);
const RealtimeTrendlinePage = lazyScreen(
  () => import('./chart-pages'),
  (m) => m.RealtimeTrendlinePage,
);
const ArchiveTrendlinePage = lazyScreen(
  () => import('./chart-pages'),
  (m) => m.ArchiveTrendlinePage,
);
const MeasurementsPage = lazyScreen(
  () => import('./annotations/measurements-page'),
  (m) => m.MeasurementsPage,
);
const AnnotationsPage = lazyScreen(
  () => import('./annotations/annotations-page'),
  (m) => m.AnnotationsPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/** Routes and navigation of the charts: directory, live and archive charts, trend lines, archives. */
export const chartsFeature: FeatureModule = {
  shellRoutes: [
    { path: 'charts', element: page(<ChartDirectoryPage />) },
    { path: 'charts/live/:id', element: page(<LiveChartPage />) },
    { path: 'charts/archive/:id', element: page(<ArchiveChartPage />) },
    { path: 'charts/realtime-trendline', element: page(<RealtimeTrendlinePage />) },
    { path: 'charts/archive-trendline', element: page(<ArchiveTrendlinePage />) },
    { path: 'charts/measurements', element: page(<MeasurementsPage />) },
    { path: 'charts/annotations', element: page(<AnnotationsPage />) },
  ],
  nav: [
    { group: 'charts', path: '/charts', labelKey: 'charts.nav.directory' },
    { group: 'charts', path: '/charts/measurements', labelKey: 'charts.nav.measurements' },
    { group: 'charts', path: '/charts/annotations', labelKey: 'charts.nav.annotations' },
  ],
};
