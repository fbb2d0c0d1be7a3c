import type { Annotation, ChartSeriesConfig, LimitConfig, PvRef } from '@leitwarte/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PvHubModule from '../../live/pv-hub';
import { pvValueStore } from '../../live/pv-value-store';
import type { FakeHubConnection } from '../../test-support/fake-hub-connection';
import { fakeServer, json } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { ArchiveChartPage, LiveChartPage } from './chart-pages';
import { chartConfig, chartSeries, dataReply, pvConfig, queryOf, rightsWith } from './chart-test-fixtures';

vi.mock('../../ui/chart-plot/time-series-plot', async () => ({
  TimeSeriesPlot: (await import('./chart-test-fixtures')).FakePlot,
}));

const hub = vi.hoisted(() => ({ connections: [] as FakeHubConnection[] }));
vi.mock('../../live/pv-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof PvHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  const pvHub = new actual.PvHub(() => {
    const connection = new FakeHubConnection();
    hub.connections.push(connection);
    return connection;
  });
  return { ...actual, pvHub };
});

afterEach(() => {
  vi.useRealTimers();
  pvValueStore.clear();
  hub.connections.length = 0;
});

const A: PvRef = { type: 'AnaIn', nr: 100001 };
const B: PvRef = { type: 'AnaIn', nr: 100002 };

function plant(series: ChartSeriesConfig[], annotations: Annotation[] = []) {
  return fakeServer({
    'GET /api/UserManagement/rights': () => json(200, rightsWith(['read', 'editAnnotations'])),
    'GET /api/charts/config/5': () =>
      json(200, chartConfig(5, { type: 'LiveMeasurement', timeSpanFactor: 1, timeSpanUnit: 'Hour' })),
    'GET /api/charts/config/5/series': () => json(200, series),
    'POST /api/Pv/configs': (request) =>
      json(200, {
        configs: (request.body as PvRef[]).map((r) => pvConfig(r, `PV ${r.nr}`)),
        missingPvs: [],
        unauthorizedPvs: [],
      }),
    'GET /api/charts/data/5': (request) =>
      json(
        200,
        dataReply(
          request,
          series.map((s) => s.pv),
        ),
      ),
    'GET /api/charts/annotations': () => json(200, annotations),
  });
}

function render(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/charts/live/:id" element={<LiveChartPage />} />
      <Route path="/charts/archive/:id" element={<ArchiveChartPage />} />
    </Routes>,
    path,
  );
}

const plot = () => screen.getByTestId('chart-plot');
const done = () =>
  waitFor(() => expect(screen.getByTestId('chart-screen').getAttribute('data-state')).toBe('done'));

describe('live chart', () => {
  it('adds the live value after 5 s and moves on when the minute changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 2, 11, 10, 0, 30);
    vi.setSystemTime(start);
    const server = plant(chartSeries(5, [A, B]));
    render('/charts/live/5');
    await done();
    await waitFor(() =>
      expect(hub.connections[0]?.invocations.some((i) => i.method === 'SubscribeToPvs')).toBe(true),
    );
    const minuteEnd = Date.UTC(2026, 2, 11, 10, 1) - 1;
    expect(Number(plot().dataset.rangeEnd)).toBe(minuteEnd);
    const before = Number(plot().dataset.points);
    pvValueStore.seed([
      { pvRef: A, type: 'DoubleValue', doubleValue: 4.2, quality: 'Good', timestamp: start },
    ]);

    // Still the same minute: the range stays, the value of A is added (its last point is older than 5 s).
    vi.setSystemTime(start + 10_000);
    await waitFor(() => expect(Number(plot().dataset.points)).toBe(before + 1), { timeout: 4000 });
    expect(Number(plot().dataset.rangeEnd)).toBe(minuteEnd);

    // The minute changed: the range moves on by that minute and only the new minute is asked for.
    vi.setSystemTime(start + 40_000);
    await waitFor(() => expect(Number(plot().dataset.rangeEnd)).toBe(minuteEnd + 60_000), { timeout: 4000 });
    await waitFor(() => expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(2));
    const gap = queryOf(server.calls('GET', '/api/charts/data/5')[1]!);
    expect(Number(gap.get('startDate'))).toBe(minuteEnd + 1);
    expect(Number(gap.get('endDate'))).toBe(minuteEnd + 60_000);
  }, 15_000);

  it('a zoom stops the auto refresh', async () => {
    plant(chartSeries(5, [A]));
    render('/charts/live/5');
    await done();
    const toggle = (await screen.findByTestId('chart-auto-refresh')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'zoom' }));
    expect(toggle.checked).toBe(false);
  });

  it('turned on again, the auto refresh goes back to the last hour up to the end of this minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 2, 11, 10, 0, 30);
    vi.setSystemTime(start);
    plant(chartSeries(5, [A]));
    render('/charts/live/5');
    await done();
    const toggle = (await screen.findByTestId('chart-auto-refresh')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'zoom' }));
    await waitFor(() => expect(toggle.checked).toBe(false));
    const minuteEnd = Date.UTC(2026, 2, 11, 10, 1) - 1;
    await waitFor(() => expect(Number(plot().dataset.rangeEnd)).toBeLessThan(minuteEnd));

    // A few minutes later: the hour up to the end of the minute it is now.
    vi.setSystemTime(start + 3 * 60_000);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    const laterMinuteEnd = minuteEnd + 3 * 60_000;
    await waitFor(() => expect(Number(plot().dataset.rangeEnd)).toBe(laterMinuteEnd));
    expect(Number(plot().dataset.rangeStart)).toBe(laterMinuteEnd - 3_600_000);
  });

  it('draws the limit lines of the series flags at the limits the PV channel sends', async () => {
    const series = chartSeries(5, [A]).map((s) => ({ ...s, showLimitTop: true, limitTextTop: 'Überlauf' }));
    plant(series);
    render('/charts/live/5');
    await done();
    await waitFor(() =>
      expect(
        hub.connections[0]?.invocations.find((i) => i.method === 'SubscribeToLimitConfigs')?.args[0],
      ).toEqual([A]),
    );
    const top: LimitConfig = {
      pvLimitRef: { pv: A, limitType: 'Top' },
      limit: 9.5,
      priority: 1,
      delayTime: 0,
      description: 'Hoch',
      message: '',
      notSet: false,
    };
    act(() =>
      hub.connections[0]!.emit('newLimitConfig', [top, { ...top, pvLimitRef: { pv: B, limitType: 'Top' } }]),
    );
    await waitFor(() =>
      expect(JSON.parse(plot().dataset.limitLines ?? '[]')).toEqual([
        { seriesKey: 'AnaIn-100001', kind: 'Top', value: 9.5, text: 'Überlauf' },
      ]),
    );
  });
});

describe('annotations on a chart', () => {
  it('shows visible annotations as markers; a click opens the saved annotation', async () => {
    const note = (id: number, text: string, visible = true): Annotation => ({
      id,
      timestamp: Date.now() - 600_000,
      pv: A,
      dataSource: 'MeasurementArchive',
      text,
      visible,
      showInDayReport: false,
      showInWeekReport: false,
      showInMonthReport: false,
      showInYearReport: false,
    });
    plant(chartSeries(5, [A]), [note(1, 'Pumpe getauscht'), note(2, 'verborgen', false)]);
    render('/charts/archive/5');
    await done();
    const marker = await screen.findByTitle('Pumpe getauscht');
    expect(marker.getAttribute('data-annotation-id')).toBe('1');
    expect(screen.queryByTitle('verborgen')).toBeNull();
    fireEvent.click(marker);
    const dialog = await screen.findByTestId('annotation-dialog');
    expect(
      (dialog.querySelector('textarea') as HTMLTextAreaElement | null)?.value ?? dialog.textContent,
    ).toContain('Pumpe getauscht');
  });
});
