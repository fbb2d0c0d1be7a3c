import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureModule } from '../../lib/feature-module';
import { LoadingView } from '../../ui/status-views';

// One chunk per screen.
const LoginVerifyPage = lazy(() =>
  import('./login-verify-page').then((m) => ({ default: m.LoginVerifyPage })),
);

const page = (node: ReactNode) => <Suspense fallback={<LoadingView />}>{node}</Suspense>;

/** The login's second step: public, because there is no session yet. */
export const loginFlowFeature: FeatureModule = {
  publicRoutes: [{ path: '/login/verify', element: page(<LoginVerifyPage />) }],
};
