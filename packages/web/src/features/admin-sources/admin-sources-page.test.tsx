import type { EffectiveRights, SourceStatusView } from '@leitwarte/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render';
import { AdminSourcesPage } from './admin-sources-page';

const rights = (names: EffectiveRights['grants'][number]['right'][]): EffectiveRights => ({
  userId: 1,
  username: 'admin',
  roles: [],
  grants: names.map((right) => ({ right, scope: { allStations: true, stations: [], pvGroups: [] } })),
});

const source = (over: Partial<SourceStatusView>): SourceStatusView => ({
  id: 'plc',
  name: 'SPS Pumpwerk',
  kind: 'modbus',
  state: 'Connected',
  since: Date.UTC(2025, 0, 6, 8, 0, 0),
  lastError: null,
  counters: { messages: 0, reads: 1234, writes: 2, errors: 0, reconnects: 0 },
  pvs: 24,
  badPvs: 0,
  noValuePvs: 0,
  stations: 1,
  target: 'modbus://192.168.10.21:502 unit 1',
  browsable: false,
  ...over,
});

const SOURCES = [
  source({}),
  source({
    id: 'ua',
    name: 'PLS Kläranlage',
    kind: 'opcua',
    state: 'Disconnected',
    badPvs: 6,
    browsable: true,
    lastError: {
      message: 'cannot connect to opc.tcp://pls:4840: ECONNREFUSED',
      at: Date.UTC(2025, 0, 6, 9, 0, 0),
    },
    counters: { messages: 50, reads: 3, writes: 0, errors: 7, reconnects: 2 },
  }),
];

function administration() {
  return fakeServer({
    'GET /api/UserManagement/rights': () => json(200, rights(['read', 'manageUsers'])),
    'GET /api/admin/sources': () => json(200, { sources: SOURCES }),
    'POST /api/admin/sources/ua/restart': () => json(200, SOURCES[1]),
  });
}

const card = async (id: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[data-source="${id}"]`);
    if (!found) throw new Error(`no card ${id}`);
    return found;
  });

describe('data sources screen', () => {
  it('tells a user without the right that access is denied, and asks for nothing', async () => {
    const server = fakeServer({ 'GET /api/UserManagement/rights': () => json(200, rights(['read'])) });
    renderWithProviders(<AdminSourcesPage />);
    expect(await screen.findByText('Zugriff verweigert – bitte die Benutzerrechte anpassen.')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/sources')).toHaveLength(0);
  });

  it('shows each source with its state, extent, counters and last error', async () => {
    administration();
    renderWithProviders(<AdminSourcesPage />);
    const plc = await card('plc');
    expect(within(plc).getByText('Modbus TCP')).toBeTruthy();
    expect(within(plc).getByTestId('source-state').textContent).toBe('verbunden');
    expect(within(plc).getByText('24 PVs, 1 Stationen')).toBeTruthy();
    expect(plc.querySelector('[data-counter="reads"]')?.textContent).toBe('Lesezugriffe1.234');
    expect(within(plc).getByText('keiner')).toBeTruthy();
    const ua = await card('ua');
    expect(within(ua).getByTestId('source-state').textContent).toBe('getrennt');
    expect(within(ua).getByText(/gestört: 6/)).toBeTruthy();
    expect(within(ua).getByTestId('source-last-error').textContent).toMatch(/ECONNREFUSED$/);
    expect(
      within(ua).getByRole<HTMLButtonElement>('button', { name: 'Adressraum durchsuchen' }).disabled,
    ).toBe(true);
    expect(within(plc).queryByRole('button', { name: 'Adressraum durchsuchen' })).toBeNull();
  });

  it('restarts a source only after the confirmation', async () => {
    const server = administration();
    renderWithProviders(<AdminSourcesPage />);
    fireEvent.click(within(await card('ua')).getByRole('button', { name: 'Neu verbinden' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/„PLS Kläranlage“ wird getrennt/)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/sources/ua/restart')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Neu verbinden' }));
    await waitFor(() => expect(server.calls('POST', '/api/admin/sources/ua/restart')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
