import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { LoadingView } from '../../ui/status-views';

// One chunk per screen.
const AccountPage = lazy(() => import('./account-page').then((m) => ({ default: m.AccountPage })));
const PasswordPage = lazy(() => import('./password-page').then((m) => ({ default: m.PasswordPage })));
const SecondFactorPage = lazy(() =>
  import('./second-factor-page').then((m) => ({ default: m.SecondFactorPage })),
);

const page = (node: ReactNode) => <Suspense fallback={<LoadingView />}>{node}</Suspense>;

/**
 * The own account, the password change and the second factor (screens §2). Every logged-in user may see and change
 * their own account, so no right guards these routes; the shell's user menu links to them.
 */
export const accountFeature: FeatureModule = {
  shellRoutes: [
    { path: 'account', element: page(<AccountPage />) },
    { path: 'account/password', element: page(<PasswordPage />) },
    { path: 'account/second-factor', element: page(<SecondFactorPage />) },
  ],
};
