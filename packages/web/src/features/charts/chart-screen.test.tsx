import { resolveTimeSpan, type PvRef } from '@leitwarte/core';
import { TYPICAL_VALUE_AXIS_WIDTH } from '../../ui/chart-plot/axis-size';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { userTimeZone } from '../../ui/archive/range-selection';
import { ArchiveChartPage, ArchiveTrendlinePage, LiveChartPage, RealtimeTrendlinePage } from './chart-pages';
import { chartConfig, chartSeries, dataReply, pvConfig, queryOf, rightsWith } from './chart-test-fixtures';

// The plot draws with uPlot on a canvas, which jsdom lacks (see FakePlot).
vi.mock('../../ui/chart-plot/time-series-plot', async () => ({
  TimeSeriesPlot: (await import('./chart-test-fixtures')).FakePlot,
}));

const A: PvRef = { type: 'AnaIn', nr: 100001 };
const B: PvRef = { type: 'AnaIn', nr: 100002 };

function routes(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/charts/live/:id" element={<LiveChartPage />} />
      <Route path="/charts/archive/:id" element={<ArchiveChartPage />} />
      <Route path="/charts/realtime-trendline" element={<RealtimeTrendlinePage />} />
      <Route path="/charts/archive-trendline" element={<ArchiveTrendlinePage />} />
    </Routes>,
    path,
  );
}

function plant(
  options: {
    canEdit?: boolean;
    rights?: string[];
    data?: (request: FakeRequest) => Response | Promise<Response>;
    config?: () => Response;
    put?: (request: FakeRequest) => Response;
    /** Waits before the PVs' configs are answered. */
    pvConfigsHeld?: Promise<void>;
    exportReply?: () => Response;
  } = {},
) {
  return fakeServer({
    'GET /api/UserManagement/rights': () => json(200, rightsWith(options.rights ?? ['read'])),
    'GET /api/charts/config/5':
      options.config ?? (() => json(200, chartConfig(5, { currentUserCanEdit: options.canEdit ?? false }))),
    'GET /api/charts/config/5/series': () => json(200, chartSeries(5, [A, B])),
    'POST /api/Pv/configs': async (request) => {
      await options.pvConfigsHeld;
      const refs = request.body as PvRef[];
      return json(200, {
        configs: refs.filter((r) => r.type === 'AnaIn').map((r) => pvConfig(r, `Hochbehälter ${r.nr}`)),
        missingPvs: refs.filter((r) => r.type !== 'AnaIn'),
        unauthorizedPvs: [],
      });
    },
    'GET /api/charts/data/5': options.data ?? ((request) => json(200, dataReply(request, [A, B]))),
    'POST /api/charts/data/auto': (request) =>
      json(
        200,
        dataReply(
          request,
          (request.body as { pv: PvRef }[]).map((s) => s.pv),
        ),
      ),
    'GET /api/charts/annotations': () => json(200, []),
    'PUT /api/charts/config/5': options.put ?? (() => json(500, { statusCode: 500, message: 'boom' })),
    'POST /api/charts/data/export':
      options.exportReply ??
      (() =>
        new Response('Zeit;Wert\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': "attachment; filename*=UTF-8''F%C3%BCllst%C3%A4nde.csv",
          },
        })),
  });
}

/** A promise resolved from outside. */
function held() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve: () => resolve() };
}

const chartScreen = () => screen.findByTestId('chart-screen');
const stateOf = async (state: string) =>
  waitFor(() => expect(screen.getByTestId('chart-screen').getAttribute('data-state')).toBe(state));
/** The legend and the measurement types below the plot, which come once the first data is drawn. */
const controls = () => screen.findByTestId('chart-legend');
const plotRange = () => {
  const plot = screen.getByTestId('chart-plot');
  return { start: Number(plot.dataset.rangeStart), end: Number(plot.dataset.rangeEnd) };
};

describe('archive chart', () => {
  it('loads config and series, then the data of one day at the plot width, and reports done', async () => {
    const server = plant();
    routes('/charts/archive/5');
    expect((await chartScreen()).getAttribute('data-state')).toBe('loading');
    await stateOf('done');
    expect(screen.getByRole('heading', { name: 'Füllstände Hochbehälter' })).toBeDefined();
    const today = resolveTimeSpan(1, 'Day', Date.now(), userTimeZone());
    expect(plotRange()).toEqual(today);
    const calls = server.calls('GET', '/api/charts/data/5');
    expect(calls).toHaveLength(1);
    const q = queryOf(calls[0]!);
    expect(Number(q.get('startDate'))).toBe(today.start);
    expect(Number(q.get('endDate'))).toBe(today.end);
    expect(q.get('source')).toBe('MeasurementArchive');
    expect(Math.abs(Number(q.get('width')) - 800)).toBeLessThanOrEqual(1);
    expect(Number(screen.getByTestId('chart-plot').dataset.points)).toBeGreaterThan(0);
    const legend = await controls();
    expect(within(legend).getByText('Hochbehälter 100001')).toBeDefined();
    expect(legend.querySelector('[data-series-key="AnaIn-100002"]')).not.toBeNull();
  });

  it('asks for the data as soon as the series are known, at the screen width less one value axis, while the PV configs load', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // jsdom lays nothing out: the loading screen is as wide as the plot with one value axis will be.
    const clientWidth = vi
      .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
      .mockReturnValue(790 + TYPICAL_VALUE_AXIS_WIDTH);
    try {
      const server = plant({ pvConfigsHeld: held });
      routes('/charts/archive/5');
      await stateOf('done');
      // The chart is there with its data while its PVs' names are still on the way.
      expect(server.calls('POST', '/api/Pv/configs')).toHaveLength(1);
      const legend = await controls();
      expect(within(legend).queryByText('Hochbehälter 100001')).toBeNull();
      const calls = server.calls('GET', '/api/charts/data/5');
      expect(calls).toHaveLength(1);
      expect(queryOf(calls[0]!).get('width')).toBe('790');
      release();
      expect(await within(legend).findByText('Hochbehälter 100001')).toBeDefined();
      expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);
    } finally {
      release();
      clientWidth.mockRestore();
    }
  });

  it('builds toolbar and plot first and renders legend and measurement types once the data is drawn', async () => {
    const data = held();
    const server = plant({
      data: async (request) => {
        await data.promise;
        return json(200, dataReply(request, [A, B]));
      },
    });
    try {
      routes('/charts/archive/5');
      await waitFor(() => expect(screen.queryByTestId('chart-plot')).not.toBeNull());
      expect(screen.getByTestId('chart-screen').getAttribute('data-state')).not.toBe('done');
      expect(screen.getByTestId('chart-source')).toBeDefined();
      expect(screen.queryByTestId('chart-legend')).toBeNull();
      expect(screen.queryAllByTestId('chart-measurement')).toHaveLength(0);
      data.resolve();
      await stateOf('done');
      await controls();
      expect(screen.getAllByTestId('chart-measurement')).toHaveLength(2);
      expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);
    } finally {
      data.resolve();
    }
  });

  it('waits for the PV configs before showing the chart while the data is on the way, so it is built once with their names', async () => {
    const pvs = held();
    const data = held();
    const clientWidth = vi
      .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
      .mockReturnValue(800 + TYPICAL_VALUE_AXIS_WIDTH);
    const server = plant({
      pvConfigsHeld: pvs.promise,
      data: async (request) => {
        await data.promise;
        return json(200, dataReply(request, [A, B]));
      },
    });
    try {
      routes('/charts/archive/5');
      await waitFor(() => expect(server.calls('POST', '/api/Pv/configs')).toHaveLength(1));
      expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);
      expect(screen.queryByTestId('chart-legend')).toBeNull();
      pvs.resolve();
      const legend = await screen.findByTestId('chart-legend');
      expect(within(legend).getByText('Hochbehälter 100001')).toBeDefined();
      expect((await chartScreen()).getAttribute('data-state')).toBe('loading');
      data.resolve();
      await stateOf('done');
      expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);
    } finally {
      pvs.resolve();
      data.resolve();
      clientWidth.mockRestore();
    }
  });

  it('asks again at the plot width when the opening request was for another resolution', async () => {
    const clientWidth = vi
      .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
      .mockReturnValue(80 + TYPICAL_VALUE_AXIS_WIDTH);
    try {
      const server = plant();
      routes('/charts/archive/5');
      await stateOf('done');
      const widths = server.calls('GET', '/api/charts/data/5').map((c) => queryOf(c).get('width'));
      expect(widths).toEqual(['80', '800']);
    } finally {
      clientWidth.mockRestore();
    }
  });

  it('starts the given offset back with ?start=', async () => {
    const server = plant();
    routes('/charts/archive/5?start=-P7D');
    await stateOf('done');
    const q = queryOf(server.calls('GET', '/api/charts/data/5')[0]!);
    expect(Date.now() - Number(q.get('startDate'))).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(Date.now() - Number(q.get('startDate'))).toBeLessThan(7 * 86_400_000 + 60_000);
  });

  it('keeps zoom and pan in the address and fetches only the gap after a pan', async () => {
    const server = plant();
    routes('/charts/archive/5');
    await stateOf('done');
    const before = plotRange();
    fireEvent.click(screen.getByRole('button', { name: 'pan' }));
    await stateOf('done');
    const after = plotRange();
    const calls = server.calls('GET', '/api/charts/data/5');
    expect(calls).toHaveLength(2);
    const gap = queryOf(calls[1]!);
    expect(Number(gap.get('startDate'))).toBe(before.end + 1);
    expect(Number(gap.get('endDate'))).toBe(after.end);
    // Half the view is new, so half the width is asked for.
    expect(Math.abs(Number(gap.get('width')) - 400)).toBeLessThanOrEqual(1);
    const location = new URLSearchParams(screen.getByTestId('location').textContent.split('?')[1]);
    expect(Number(location.get('from'))).toBe(after.start);
    expect(Number(location.get('to'))).toBe(after.end);
  });

  it('opens at the view kept in the address', async () => {
    const server = plant();
    const from = Date.now() - 3 * 3_600_000;
    const to = Date.now() - 3_600_000;
    routes(`/charts/archive/5?from=${from}&to=${to}`);
    await stateOf('done');
    expect(plotRange()).toEqual({ start: from, end: to });
    expect(Number(queryOf(server.calls('GET', '/api/charts/data/5')[0]!).get('startDate'))).toBe(from);
  });

  it('asks again with the chosen data source', async () => {
    const server = plant();
    routes('/charts/archive/5');
    await stateOf('done');
    await controls();
    fireEvent.change(screen.getByTestId('chart-source'), { target: { value: 'DayValues' } });
    await waitFor(() => expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(2));
    expect(queryOf(server.calls('GET', '/api/charts/data/5')[1]!).get('source')).toBe('DayValues');
    await stateOf('done');
  });

  it('reads by PV list once a series shows another measurement type', async () => {
    const server = plant();
    routes('/charts/archive/5');
    await stateOf('done');
    await controls();
    const select = screen
      .getAllByTestId('chart-measurement')
      .find((element) => element.dataset.seriesKey === 'AnaIn-100002')!;
    fireEvent.change(select, { target: { value: 'Maxwert' } });
    await waitFor(() => expect(server.calls('POST', '/api/charts/data/auto')).toHaveLength(1));
    expect(server.calls('POST', '/api/charts/data/auto')[0]!.body).toEqual([
      { pv: A, measurementType: 'Aktuell' },
      { pv: B, measurementType: 'Maxwert' },
    ]);
  });

  it('shows a data error with retry, and done after the retry', async () => {
    let fail = true;
    const server = plant({
      data: (request) =>
        fail
          ? json(500, { statusCode: 500, message: 'historian down' })
          : json(200, dataReply(request, [A, B])),
    });
    routes('/charts/archive/5');
    await stateOf('error');
    expect(screen.getByText('Die Messwerte konnten nicht geladen werden.')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await stateOf('done');
    expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(2);
  });

  it('shows an error when the chart cannot be loaded', async () => {
    plant({ config: () => json(404, { statusCode: 404, message: 'Chart not found' }) });
    routes('/charts/archive/5');
    await stateOf('error');
    expect(screen.getByText('Das Diagramm konnte nicht geladen werden.')).toBeDefined();
  });

  it('offers annotations only with the right, and a plot click in add mode opens the dialog at that time', async () => {
    plant({ rights: ['read'] });
    const first = routes('/charts/archive/5');
    await stateOf('done');
    expect(screen.queryByTestId('annotation-add')).toBeNull();
    first.unmount();

    plant({ rights: ['read', 'editAnnotations'] });
    routes('/charts/archive/5');
    await stateOf('done');
    const add = await screen.findByTestId('annotation-add');
    fireEvent.click(screen.getByRole('button', { name: 'plot-click' }));
    expect(screen.queryByTestId('annotation-dialog')).toBeNull();
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'plot-click' }));
    expect(await screen.findByTestId('annotation-dialog')).toBeDefined();
  });
});

describe('chart export', () => {
  it('exports the view through the server and saves the file under its name', async () => {
    const server = plant();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:chart', revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    routes('/charts/archive/5');
    await stateOf('done');
    const view = plotRange();
    fireEvent.click(await screen.findByTestId('chart-export'));
    await waitFor(() => expect(saved).toEqual(['Füllstände.csv']));
    expect(server.calls('POST', '/api/charts/data/export')[0]!.body).toEqual({
      chartId: 5,
      startDate: view.start,
      endDate: view.end,
      source: 'Auto',
    });
    click.mockRestore();
  });

  it('shows why an export failed in a dialog the user closes', async () => {
    plant({
      exportReply: () =>
        json(400, { statusCode: 400, message: 'At most 1,000,000 rows; choose a rollup source' }),
    });
    routes('/charts/archive/5');
    await stateOf('done');
    fireEvent.click(await screen.findByTestId('chart-export'));
    const dialog = await screen.findByRole('dialog', { name: 'Der Export ist fehlgeschlagen' });
    expect(within(dialog).getByText('At most 1,000,000 rows; choose a rollup source')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('chart config editing', { timeout: 20_000 }, () => {
  it('is offered only where the user may edit', async () => {
    plant({ canEdit: false });
    routes('/charts/archive/5');
    await stateOf('done');
    await controls();
    expect(screen.queryByTestId('chart-edit')).toBeNull();
  });

  it('refuses an empty title before asking the server, and shows a refusal of the server in a dialog', async () => {
    const server = plant({
      canEdit: true,
      put: () => json(403, { statusCode: 403, message: 'insufficient rights' }),
    });
    routes('/charts/archive/5');
    await stateOf('done');
    fireEvent.click(await screen.findByTestId('chart-edit'));
    const title = await screen.findByLabelText('Titel');
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('chart-config-save'));
    expect(await screen.findByText('Der Titel darf nicht leer sein.')).toBeDefined();
    expect(server.calls('PUT', '/api/charts/config/5')).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Füllstände Nord' } });
    fireEvent.click(screen.getByTestId('chart-config-save'));
    expect(await screen.findByText('Der Server hat die Änderung abgelehnt:')).toBeDefined();
    expect(screen.getByText('insufficient rights')).toBeDefined();
    const body = server.calls('PUT', '/api/charts/config/5')[0]!.body as {
      title: string;
      series: { id: number }[];
    };
    expect(body.title).toBe('Füllstände Nord');
    expect(body.series.map((s) => s.id)).toEqual([100, 101]);
  });
});

describe('chart config saving', { timeout: 20_000 }, () => {
  it('saves through the server and shows the chart as saved', async () => {
    let title = 'Füllstände Hochbehälter';
    const server = plant({
      canEdit: true,
      config: () => json(200, chartConfig(5, { title, currentUserCanEdit: true })),
      put: (request) => {
        title = (request.body as { title: string }).title;
        return json(200, {
          config: chartConfig(5, { title, currentUserCanEdit: true }),
          series: chartSeries(5, [A, B]),
        });
      },
    });
    routes('/charts/archive/5');
    await stateOf('done');
    fireEvent.click(await screen.findByTestId('chart-edit'));
    fireEvent.change(await screen.findByLabelText('Titel'), { target: { value: 'Füllstände Nord' } });
    fireEvent.click(screen.getByTestId('chart-config-save'));
    expect(await screen.findByRole('heading', { name: 'Füllstände Nord' })).toBeDefined();
    expect(server.calls('GET', '/api/charts/config/5')).toHaveLength(2);
  });
});

describe('live chart and trend lines', () => {
  it('a live chart opens with one hour up to the end of this minute and auto refresh on', async () => {
    plant({
      config: () =>
        json(200, chartConfig(5, { type: 'LiveMeasurement', timeSpanFactor: 1, timeSpanUnit: 'Hour' })),
    });
    routes('/charts/live/5');
    await stateOf('done');
    const range = plotRange();
    expect(range.end - range.start).toBe(3_600_000);
    expect(range.end - Date.now()).toBeGreaterThanOrEqual(0);
    expect(range.end - Date.now()).toBeLessThan(60_000);
    expect(((await screen.findByTestId('chart-auto-refresh')) as HTMLInputElement).checked).toBe(true);
  });

  it('the realtime trend line shows the PVs of the address over one hour', async () => {
    const server = plant();
    routes('/charts/realtime-trendline?pv=AnaIn-100001&pv=AnaIn-100002');
    await stateOf('done');
    const call = server.calls('POST', '/api/charts/data/auto')[0]!;
    expect(call.body).toEqual([
      { pv: A, measurementType: 'Aktuell' },
      { pv: B, measurementType: 'Aktuell' },
    ]);
    const q = queryOf(call);
    expect(Number(q.get('endDate')) - Number(q.get('startDate'))).toBe(3_600_000);
    expect(screen.getByRole('heading', { name: 'Echtzeit-Trendlinie' })).toBeDefined();
  });

  it('the archive trend line spans amount × unit', async () => {
    const server = plant();
    routes('/charts/archive-trendline?pv=AnaIn-100001&amount=7&unit=Days');
    await stateOf('done');
    const q = queryOf(server.calls('POST', '/api/charts/data/auto')[0]!);
    const week = resolveTimeSpan(7, 'Days', Date.now(), userTimeZone());
    expect(Number(q.get('startDate'))).toBe(week.start);
  });

  it('explains an address with broken PVs instead of loading anything', async () => {
    const server = plant();
    routes('/charts/realtime-trendline?pv=Pumpe-1&pv=AnaIn-100001');
    expect(await screen.findByText(/Diese Angaben sind keine Prozesswerte: Pumpe-1\./)).toBeDefined();
    expect(server.requests).toHaveLength(0);
  });

  it('lists PVs the server does not know', async () => {
    plant();
    routes('/charts/archive-trendline?pv=AnaIn-100001&pv=ZaehlWert-1060');
    await stateOf('done');
    expect(screen.getByTestId('chart-missing-pvs').textContent).toContain('ZaehlWert-1060');
  });
});
