import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
// Tests render the whole app as the browser would; only the entry point and tests reach into app/.
// eslint-disable-next-line no-restricted-imports
import { Providers } from '../app/providers';
// eslint-disable-next-line no-restricted-imports
import { AppRoutes } from '../app/routes';
import { changeLanguage, ensureDeferredCatalogues, initI18n } from '../i18n/i18n';
import { installDomShims } from './dom-shims';

// The app's pages load lazily; on a busy machine the first render can take more than the default
// second, which says nothing about the page. Assertions still wait for what the user must see.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  installDomShims();
  await initI18n();
  await ensureDeferredCatalogues();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('de');
});

/** The current location, written into the DOM so tests can read where the app navigated. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders the whole app (routes, providers) at a path, as the browser would after a reload. */
export function renderApp(path: string) {
  const queryClient = testQueryClient();
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { ...view, queryClient };
}

/** Renders one component inside the providers and a router. */
export function renderWithProviders(node: ReactNode, path = '/') {
  const queryClient = testQueryClient();
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        {node}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
}
