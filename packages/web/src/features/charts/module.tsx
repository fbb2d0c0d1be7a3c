import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ensureDeferredCatalogues } from '../../i18n/i18n';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';
import type * as ChartPagesModule from './chart-pages';

// Each screen is its own chunk; uPlot, the chart code and the chart texts load when one is opened,
// or, for the chart screens, while the directory is shown (see ChartDirectoryRoute).
type ChartPages = typeof ChartPagesModule;

/** The chart screens' module once it and the chart texts are there; null before. */
let chartPagesReady: ChartPages | null = null;

/** Loads the chart screens' code and texts; later calls share the first load. */
export const preloadChartPages = () =>
  Promise.all([import('./chart-pages'), ensureDeferredCatalogues()]).then(([m]) => (chartPagesReady = m));

/**
 * A chart screen. Once its module is there it renders at once: a lazy screen suspends on its
 * first render even then, and React reveals what suspended no sooner than 300 ms after the
 * fallback appeared (its fallback throttle), which held back a chart opened from the directory,
 * and so its first request, by that much.
 */
function chartPage(pick: (m: ChartPages) => ComponentType): ComponentType {
  const Lazy = lazyScreen(preloadChartPages, pick);
  return function ChartPage() {
    // Chosen once per mount: another component type would mount the screen anew.
    const [Screen] = useState<ComponentType>(() => (chartPagesReady ? pick(chartPagesReady) : Lazy));
    return <Screen />;
  };
}

const ChartDirectoryPage = lazyScreen(
  () => import('./directory-page'),
  (m) => m.ChartDirectoryPage,
);
const LiveChartPage = chartPage((m) => m.LiveChartPage);
const ArchiveChartPage = chartPage((m) => m.ArchiveChartPage);
const RealtimeTrendlinePage = chartPage((m) => m.RealtimeTrendlinePage);
const ArchiveTrendlinePage = chartPage((m) => m.ArchiveTrendlinePage);
const MeasurementsPage = lazyScreen(
  () => import('./annotations/measurements-page'),
  (m) => m.MeasurementsPage,
);
const AnnotationsPage = lazyScreen(
  () => import('./annotations/annotations-page'),
  (m) => m.AnnotationsPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/**
 * The chart directory, which also fetches the chart screens' code and texts while it is shown:
 * a chart opened from it then renders at once (see chartPage). A failed fetch is left to the
 * chart screen's own load, which tries again when it is opened.
 */
export function ChartDirectoryRoute({ preload = preloadChartPages }: { preload?: () => Promise<unknown> }) {
  useEffect(() => {
    preload().catch(() => undefined);
  }, [preload]);
  return page(<ChartDirectoryPage />);
}

/** Routes and navigation of the charts: directory, live and archive charts, trend lines, archives. */
export const chartsFeature: FeatureModule = {
  shellRoutes: [
    { path: 'charts', element: <ChartDirectoryRoute /> },
    { path: 'charts/live/:id', element: page(<LiveChartPage />) },
    { path: 'charts/archive/:id', element: page(<ArchiveChartPage />) },
    { path: 'charts/realtime-trendline', element: page(<RealtimeTrendlinePage />) },
    { path: 'charts/archive-trendline', element: page(<ArchiveTrendlinePage />) },
    { path: 'charts/measurements', element: page(<MeasurementsPage />) },
    { path: 'charts/annotations', element: page(<AnnotationsPage />) },
  ],
  nav: [
    { group: 'charts', path: '/charts', labelKey: 'nav.charts.directory' },
    { group: 'charts', path: '/charts/measurements', labelKey: 'nav.charts.measurements' },
    { group: 'charts', path: '/charts/annotations', labelKey: 'nav.charts.annotations' },
  ],
};
