import { Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { lazyScreen } from '../../lib/lazy-screen';
import { LoadingView } from '../../ui/status-views';

// Each screen is its own chunk, with the live channel of plans and lines and the remote-alarm texts.
const PlansPage = lazyScreen(
  () => import('./plans-page'),
  (m) => m.PlansPage,
);
const ActivationPage = lazyScreen(
  () => import('./activation-page'),
  (m) => m.ActivationPage,
);
const CallNumbersPage = lazyScreen(
  () => import('./call-numbers-page'),
  (m) => m.CallNumbersPage,
);
const CallNumbersEditPage = lazyScreen(
  () => import('./call-numbers-edit-page'),
  (m) => m.CallNumbersEditPage,
);
const ConfirmPage = lazyScreen(
  () => import('./confirm-page'),
  (m) => m.ConfirmPage,
);

const page = (element: ReactNode) => <Suspense fallback={<LoadingView />}>{element}</Suspense>;

/** Remote alarm: plans, activation, call numbers; the recipients' confirmation page needs no login. */
export const remoteAlarmFeature: FeatureModule = {
  publicRoutes: [{ path: '/remote-alarm/confirm', element: page(<ConfirmPage />) }],
  shellRoutes: [
    { path: 'remote-alarm/plans', element: page(<PlansPage />) },
    { path: 'remote-alarm/activation', element: page(<ActivationPage />) },
    { path: 'remote-alarm/call-numbers', element: page(<CallNumbersPage />) },
    { path: 'remote-alarm/call-numbers/edit', element: page(<CallNumbersEditPage />) },
  ],
  nav: [
    { group: 'remoteAlarm', path: '/remote-alarm/plans', labelKey: 'nav.remoteAlarm.plans' },
    { group: 'remoteAlarm', path: '/remote-alarm/activation', labelKey: 'nav.remoteAlarm.activation' },
    { group: 'remoteAlarm', path: '/remote-alarm/call-numbers', labelKey: 'nav.remoteAlarm.callNumbers' },
    {
      group: 'remoteAlarm',
      path: '/remote-alarm/call-numbers/edit',
      labelKey: 'nav.remoteAlarm.editCallNumbers',
    },
  ],
};
