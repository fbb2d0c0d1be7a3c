import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { ChartDirectoryRoute } from './module';

/** The charts' routes as a fresh page has them: nothing of the chart screens loaded yet. */
async function freshModule() {
  vi.resetModules();
  return import('./module');
}

function renderArchiveChart({ chartsFeature }: Awaited<ReturnType<typeof freshModule>>) {
  const route = chartsFeature.shellRoutes?.find((r) => r.path === 'charts/archive/:id');
  renderWithProviders(
    <Routes>
      <Route path="/charts/archive/:id" element={route?.element} />
    </Routes>,
    '/charts/archive/7',
  );
}

describe('chart routes', () => {
  it('fetch the chart screens’ code while the directory is shown', async () => {
    fakeServer({ 'GET /api/charts/config': () => json(200, []) });
    const preload = vi.fn(() => Promise.resolve());
    renderWithProviders(<ChartDirectoryRoute preload={preload} />, '/charts');
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  });

  it('leave a failed fetch of the chart code unreported (the chart screen loads it again)', async () => {
    fakeServer({ 'GET /api/charts/config': () => json(200, []) });
    const preload = vi.fn(() => Promise.reject(new Error('offline')));
    renderWithProviders(<ChartDirectoryRoute preload={preload} />, '/charts');
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it('show a chart opened before its code is there once the code came', async () => {
    fakeServer({});
    renderArchiveChart(await freshModule());
    expect(screen.queryByTestId('chart-screen')).toBeNull();
    expect(await screen.findByTestId('chart-screen', {}, { timeout: 20_000 })).toBeTruthy();
  }, 30_000);

  it('show a chart whose code is there in the same render, without suspending', async () => {
    fakeServer({});
    const charts = await freshModule();
    await charts.preloadChartPages();
    renderArchiveChart(charts);
    expect(screen.getByTestId('chart-screen')).toBeTruthy();
  });
});
