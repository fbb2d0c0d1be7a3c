import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';
import type { OverflowMode } from './overflow-page';
import type { PeriodKind } from './report-period';

/** A report screen of one kind in its own chunk (the screen takes the kind as a prop). */
function reportScreen(kind: PeriodKind) {
  return lazyScreen(
    () => import('./report-page'),
    (m) =>
      function KindReportPage() {
        return <m.ReportPage kind={kind} />;
      },
  );
}
function overflowScreen(mode: OverflowMode) {
  return lazyScreen(
    () => import('./overflow-page'),
    (m) =>
      function ModeOverflowPage() {
        return <m.OverflowPage mode={mode} />;
      },
  );
}
const PERIOD_KINDS = ['day', 'week', 'month', 'year'] as const;
const reportScreens = Object.fromEntries(PERIOD_KINDS.map((k) => [k, reportScreen(k)])) as Record<
  (typeof PERIOD_KINDS)[number],
  ReturnType<typeof reportScreen>
>;
const OverflowAll = overflowScreen('all');
const OverflowYear = overflowScreen('year');
const OverflowMonth = overflowScreen('month');
const SpecialPage = lazyScreen(
  () => import('./special-page'),
  (m) => m.SpecialPage,
);
const ExportSettingsPage = lazyScreen(
  () => import('./export-settings-page'),
  (m) => m.ExportSettingsPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/**
 * Reports: day, week, month and year reports with manual input and export, the stormwater
 * overflow basin reports, special reports and the export settings.
 */
export const reportsFeature: FeatureModule = {
  shellRoutes: [
    // A key per kind: switching between kinds starts the screen afresh (its own date default).
    ...PERIOD_KINDS.map((kind) => {
      const Screen = reportScreens[kind];
      return { path: `reports/${kind}`, element: page(<Screen key={kind} />) };
    }),
    { path: 'reports/overflow', element: page(<OverflowAll key="all" />) },
    { path: 'reports/overflow/year', element: page(<OverflowYear key="year" />) },
    { path: 'reports/overflow/month', element: page(<OverflowMonth key="month" />) },
    { path: 'reports/special', element: page(<SpecialPage />) },
    { path: 'reports/export-settings', element: page(<ExportSettingsPage />) },
  ],
  nav: [
    { group: 'reports', path: '/reports/day', labelKey: 'nav.reports.day' },
    { group: 'reports', path: '/reports/week', labelKey: 'nav.reports.week' },
    { group: 'reports', path: '/reports/month', labelKey: 'nav.reports.month' },
    { group: 'reports', path: '/reports/year', labelKey: 'nav.reports.year' },
    { group: 'reports', path: '/reports/overflow', labelKey: 'nav.reports.overflow' },
    { group: 'reports', path: '/reports/overflow/year', labelKey: 'nav.reports.overflowYear' },
    { group: 'reports', path: '/reports/overflow/month', labelKey: 'nav.reports.overflowMonth' },
    { group: 'reports', path: '/reports/special', labelKey: 'nav.reports.special' },
    { group: 'reports', path: '/reports/export-settings', labelKey: 'nav.reports.exportSettings' },
  ],
};
