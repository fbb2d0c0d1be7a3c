import type { AckAlertsReply, Alert, EffectiveRights, Priority } from '@leitwarte/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeHubConnection } from '../../test-support/fake-hub-connection';
import { fakeServer, json } from '../../test-support/fake-server';
import { operator, station } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';
import { sizeListViewports } from '../../ui/data-list/test-support/sized-grid';
import type * as AlertHubModule from '../../live/alert-hub';

sizeListViewports();

const hub = vi.hoisted(() => ({ connections: [] as FakeHubConnection[] }));

vi.mock('../../live/alert-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof AlertHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  const alertHub = new actual.AlertHub(() => {
    const connection = new FakeHubConnection();
    connection.reply = () => ({ openAlerts: [] });
    hub.connections.push(connection);
    return connection;
  });
  return { ...actual, alertHub };
});

afterEach(() => {
  hub.connections.length = 0;
});

const NOW = Date.now();
function alert(id: number, message: string, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    source: `DigiIn-${100000 + id}`,
    bindingKind: 'device',
    bindingKey: `DigiIn-${100000 + id}`,
    pv: { type: 'DigiIn', nr: 100000 + id },
    station: 1,
    limitType: null,
    priority: 2,
    message,
    description: 'Pumpe 1',
    value: 1,
    limit: null,
    state: 'coming',
    active: true,
    pending: true,
    comingAt: NOW - id * 60_000,
    goingAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackOrigin: null,
    ...overrides,
  };
}
const priorities: Priority[] = Array.from({ length: 10 }, (_, p) => ({
  priority: p,
  name: p === 2 ? 'Störung' : `Prio ${p}`,
  color: 0xffff0000,
}));
const rights = (names: string[]): EffectiveRights => ({
  userId: 7,
  username: 'operator',
  roles: ['operator'],
  grants: names.map((right) => ({
    right: right as EffectiveRights['grants'][number]['right'],
    scope: { allStations: true, stations: [], pvGroups: [] },
  })),
});

function plant(ackAll: () => AckAlertsReply, total = 2) {
  return fakeServer({
    'GET /api/UserManagement/info': () => json(200, operator),
    'GET /api/UserManagement/rights': () => json(200, rights(['read', 'ackAlerts'])),
    'GET /api/SystemConfig/priorities': () => json(200, priorities),
    'GET /api/station/GetAllStations': () => json(200, [station(1, 'Wasserwerk Nord')]),
    'GET /api/alerts': () =>
      json(200, { alerts: [alert(1, 'Pumpe gestört'), alert(2, 'Füllstand hoch')], total }),
    'POST /api/alerts/ack-all': () => json(200, ackAll()),
  });
}

const grid = () => screen.findByRole('grid', { name: 'Meldungen' });

// Whole screens rendered in a busy suite: the default 5 s is too short for the first render.
describe('alert archive', { timeout: 20_000 }, () => {
  it('shows the alerts with priority, station and state, and the limit notice with the remaining number', async () => {
    const server = plant(() => ({ status: 'Success', errorMessage: null, acknowledged: [] }), 5);
    renderApp('/alerts');
    const list = await grid();
    await within(list).findByText('Pumpe gestört');
    expect(within(list).getAllByText('Wasserwerk Nord').length).toBe(2);
    expect(within(list).getAllByText('2 Störung').length).toBe(2);
    expect(within(list).getAllByText('Kommend').length).toBe(2);
    expect(
      screen.getByText('Nur die neuesten 2 Meldungen wurden geladen, 3 weitere liegen im Zeitraum.'),
    ).toBeDefined();
    // The default range is 7 days, resolved when the screen opened.
    const query = new URLSearchParams(server.calls('GET', '/api/alerts')[0]!.path.split('?')[1]);
    expect(Date.now() - Number(query.get('start'))).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
  });

  it('merges live alerts and acknowledgements without loading the list again', async () => {
    const server = plant(() => ({ status: 'Success', errorMessage: null, acknowledged: [] }));
    renderApp('/alerts');
    const list = await grid();
    await within(list).findByText('Pumpe gestört');
    await waitFor(() => expect(hub.connections.at(-1)?.invocations[0]?.method).toBe('SubscribeToAllAlerts'));
    const connection = hub.connections.at(-1)!;
    act(() => {
      connection.emit('newAlert', alert(3, 'Tür offen', { comingAt: Date.now() }));
      connection.emit('ackAlerts', [
        alert(1, 'Pumpe gestört', {
          state: 'acknowledged',
          pending: false,
          acknowledgedAt: Date.now(),
          acknowledgedBy: 'betrieb',
          ackOrigin: 'user',
        }),
      ]);
      connection.emit('deletedAlerts', [2]);
    });
    await within(list).findByText('Tür offen');
    await within(list).findByText('betrieb');
    await waitFor(() => expect(within(list).queryByText('Füllstand hoch')).toBeNull());
    expect(server.calls('GET', '/api/alerts')).toHaveLength(1);
  });

  it('shows the refusal of acknowledge all in a dialog with OK', async () => {
    plant(() => ({
      status: 'Unauthorized',
      errorMessage: 'Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.',
      acknowledged: [],
    }));
    renderApp('/alerts');
    await within(await grid()).findByText('Pumpe gestört');
    fireEvent.click(await screen.findByRole('button', { name: 'Alle quittieren' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quittieren' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Störmeldungen konnten nicht quittiert werden',
    });
    expect(
      within(dialog).getByText('Der angemeldete Benutzer besitzt keine Rechte zum Quittieren.'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why acknowledging failed', async () => {
    plant(() => ({ status: 'Failed', errorMessage: 'Datenbank nicht erreichbar', acknowledged: [] }));
    renderApp('/alerts');
    await within(await grid()).findByText('Pumpe gestört');
    fireEvent.click(await screen.findByRole('button', { name: 'Alle quittieren' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quittieren' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Störmeldungen konnten nicht quittiert werden',
    });
    expect(within(dialog).getByText('Datenbank nicht erreichbar')).toBeDefined();
  });
});
