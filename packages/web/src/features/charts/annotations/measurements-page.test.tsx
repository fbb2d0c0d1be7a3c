import type { ChartDataReply, ChartExportRequest } from '@leitwarte/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../../test-support/fake-server';
import { analogPv } from '../../../test-support/fixtures';
import { renderWithProviders } from '../../../test-support/render';
import { sizeListViewports } from '../../../ui/data-list/test-support/sized-grid';
import { MeasurementsPage } from './measurements-page';

sizeListViewports();

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const plantPvs = [analogPv(100001, 'Hochbehälter Nord', 3.2), analogPv(100002, 'Hochbehälter Süd', 4.1)];

function reply(request: FakeRequest, source = 'MeasurementArchive'): ChartDataReply {
  const body = request.body as { pv: { type: 'AnaIn'; nr: number }; measurementType: 'Aktuell' }[];
  return {
    source,
    series: body.map((s, index) => ({
      seriesId: index,
      pv: s.pv,
      measurementType: s.measurementType,
      dimension: 'm',
      dataPoints:
        index === 0
          ? [
              { timestamp: T0, value: 3.25 },
              { timestamp: T0 + 60_000, value: 0.5 },
            ]
          : [{ timestamp: T0 + 60_000, value: 1234.5 }],
      annotations: [],
    })),
    unauthorizedPvs: [],
  };
}

function plant(data: (request: FakeRequest) => Response = (request) => json(200, reply(request))) {
  return fakeServer({
    'GET /api/Pv/all': () => json(200, plantPvs),
    'POST /api/charts/data/auto': data,
    'POST /api/charts/data/export': () =>
      new Response('Zeit;Wert\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': "attachment; filename*=UTF-8''Messwerte%20Nord.csv",
        },
      }),
  });
}

const queryOf = (request: FakeRequest) => new URLSearchParams(request.path.split('?')[1]);
const grid = () => screen.findByRole('grid', { name: 'Messwerte' });

/** Opens a Mantine select by its label and picks an option. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: label }));
  // jsdom applies no layout, so the opened dropdown still counts as hidden.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// Mantine's selects and the lazy catalogue make the first render slow on a busy machine.
describe('measurement value archive', { timeout: 20_000 }, () => {
  it('loads the PVs of the address unreduced and shows one row per time and one column per PV', async () => {
    const server = plant();
    renderWithProviders(<MeasurementsPage />, '/charts/measurements?pv=AnaIn-100001&pv=AnaIn-100002');
    const list = await grid();
    await within(list).findByText('3,25');
    const request = server.calls('POST', '/api/charts/data/auto')[0]!;
    expect(queryOf(request).get('reduce')).toBe('false');
    expect(queryOf(request).get('source')).toBe('Auto');
    expect(request.body).toEqual([
      { pv: { type: 'AnaIn', nr: 100001 }, measurementType: 'Aktuell' },
      { pv: { type: 'AnaIn', nr: 100002 }, measurementType: 'Aktuell' },
    ]);
    // The last 24 hours open the archive.
    const span = Number(queryOf(request).get('endDate')) - Number(queryOf(request).get('startDate'));
    expect(span).toBe(24 * 3_600_000);
    const headers = within(list)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Zeitpunkt',
      'Hochbehälter Nord (AnaIn-100001) [m]',
      'Hochbehälter Süd (AnaIn-100002) [m]',
    ]);
    const rows = within(list)
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-rowindex') !== '1')
      .map((row) =>
        within(row)
          .getAllByRole('gridcell')
          .slice(1)
          .map((cell) => cell.textContent),
      );
    // One PV's column keeps one number of decimals, so the decimal points line up.
    expect(rows).toEqual([
      ['3,25', ''],
      ['0,50', '1.234,50'],
    ]);
    expect(screen.getByTestId('measurements-summary').textContent).toBe(
      '2 Zeitpunkte aus Messwertarchiv (Rohwerte)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
    await waitFor(() => expect(server.calls('POST', '/api/charts/data/auto')).toHaveLength(2));
  });

  it('asks again with the data source and the measurement type chosen', async () => {
    const server = plant();
    renderWithProviders(<MeasurementsPage />, '/charts/measurements?pv=AnaIn-100001');
    await within(await grid()).findByText('3,25');
    await choose('Datenquelle', 'Tageswerte');
    await waitFor(() => expect(server.calls('POST', '/api/charts/data/auto')).toHaveLength(2));
    expect(queryOf(server.calls('POST', '/api/charts/data/auto')[1]!).get('source')).toBe('DayValues');
    await choose('Messwertart', 'Mittelwert');
    await waitFor(() => expect(server.calls('POST', '/api/charts/data/auto')).toHaveLength(3));
    const last = server.calls('POST', '/api/charts/data/auto')[2]!;
    expect(queryOf(last).get('source')).toBe('DayValues');
    expect(last.body).toEqual([{ pv: { type: 'AnaIn', nr: 100001 }, measurementType: 'Mittelwert' }]);
  });

  it('shows the server’s refusal when the range holds too many values', async () => {
    plant(() =>
      json(400, {
        statusCode: 400,
        error: 'Bad Request',
        code: 'invalidRange',
        message: 'Der Zeitraum enthält mehr als 100000 Werte je Reihe; bitte einen kürzeren Zeitraum wählen.',
      }),
    );
    renderWithProviders(<MeasurementsPage />, '/charts/measurements?pv=AnaIn-100001');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Der Zeitraum enthält mehr als 100000 Werte je Reihe; bitte einen kürzeren Zeitraum wählen.',
    );
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('asks for nothing until PVs are chosen, and keeps the choice in the address', async () => {
    const server = plant();
    renderWithProviders(<MeasurementsPage />, '/charts/measurements');
    expect(await screen.findByText('Wählen Sie Prozessvariablen, um ihre Messwerte zu sehen.')).toBeDefined();
    await waitFor(() => expect(server.calls('GET', '/api/Pv/all')).toHaveLength(1));
    expect(server.calls('POST', '/api/charts/data/auto')).toHaveLength(0);
    fireEvent.click(screen.getByRole('textbox', { name: 'Prozessvariablen' }));
    fireEvent.click(
      await screen.findByRole('option', { name: 'Hochbehälter Süd (AnaIn-100002)', hidden: true }),
    );
    await within(await grid()).findByText('3,25');
    expect(server.calls('POST', '/api/charts/data/auto')[0]!.body).toEqual([
      { pv: { type: 'AnaIn', nr: 100002 }, measurementType: 'Aktuell' },
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/charts/measurements?pv=AnaIn-100002');
  });

  describe('export', () => {
    const saved: string[] = [];
    beforeEach(() => {
      saved.length = 0;
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('exports through the server and saves the file under the name it gives', async () => {
      const server = plant();
      renderWithProviders(<MeasurementsPage />, '/charts/measurements?pv=AnaIn-100001');
      await within(await grid()).findByText('3,25');
      fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
      await waitFor(() => expect(saved).toEqual(['Messwerte Nord.csv']));
      const body = server.calls('POST', '/api/charts/data/export')[0]!.body as ChartExportRequest;
      const data = queryOf(server.calls('POST', '/api/charts/data/auto')[0]!);
      expect(body).toEqual({
        series: [{ pv: { type: 'AnaIn', nr: 100001 }, measurementType: 'Aktuell' }],
        startDate: Number(data.get('startDate')),
        endDate: Number(data.get('endDate')),
        source: 'Auto',
      });
    });

    it('shows why the export failed', async () => {
      fakeServer({
        'GET /api/Pv/all': () => json(200, plantPvs),
        'POST /api/charts/data/auto': (request) => json(200, reply(request)),
        'POST /api/charts/data/export': () =>
          json(403, { statusCode: 403, error: 'Forbidden', message: 'Keine Berechtigung für den Export.' }),
      });
      renderWithProviders(<MeasurementsPage />, '/charts/measurements?pv=AnaIn-100001');
      await within(await grid()).findByText('3,25');
      fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }));
      const dialog = await screen.findByRole('dialog', { name: 'Export fehlgeschlagen' });
      expect(within(dialog).getByText('Keine Berechtigung für den Export.')).toBeDefined();
      expect(saved).toEqual([]);
    });
  });
});
