import type { PvAllItem, PvRef } from '@leitwarte/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AlertHubModule from '../../live/alert-hub';
import type * as PvHubModule from '../../live/pv-hub';
import type * as StationHubModule from '../../live/station-alarm-hub';
import { pvValueStore } from '../../live/pv-value-store';
import { endPrefetchHolds } from '../../lib/station-page-data';
import type { FakeHubConnection } from '../../test-support/fake-hub-connection';
import { fakeServer, json, type FakeRequest } from '../../test-support/fake-server';
import { analogPv, operator, station } from '../../test-support/fixtures';
import { renderApp } from '../../test-support/render';

const hub = vi.hoisted(() => ({
  connections: [] as FakeHubConnection[],
  failStart: false,
  openAlerts: [] as unknown[],
}));

vi.mock('../../live/pv-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof PvHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  const pvHub = new actual.PvHub(() => {
    const connection = new FakeHubConnection();
    if (hub.failStart) connection.startImpl = () => Promise.reject(new Error('negotiate failed'));
    hub.connections.push(connection);
    return connection;
  });
  return { ...actual, pvHub };
});

// The header's alert count holds the alert channel on every page: here it connects to a stand-in.
vi.mock('../../live/alert-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof AlertHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  const alertHub = new actual.AlertHub(() => {
    const connection = new FakeHubConnection();
    connection.reply = () => ({ openAlerts: hub.openAlerts });
    return connection;
  });
  return { ...actual, alertHub };
});

// The tiles follow the stations' dial states on the station channel: a stand-in here too.
vi.mock('../../live/station-alarm-hub', async (importOriginal) => {
  const actual = await importOriginal<typeof StationHubModule>();
  const { FakeHubConnection } = await import('../../test-support/fake-hub-connection');
  const stationAlarmHub = new actual.StationAlarmHub(() => {
    const connection = new FakeHubConnection();
    connection.reply = () => ({ subscribed: [], missingStations: [], unauthorizedStations: [] });
    return connection;
  });
  return { ...actual, stationAlarmHub };
});

afterEach(() => {
  endPrefetchHolds();
  pvValueStore.clear();
  hub.connections.length = 0;
  hub.failStart = false;
  hub.openAlerts = [];
});

/** The batched PV info call (the tiles' key values), answered from these PVs. */
function configsOf(items: readonly PvAllItem[]) {
  return (request: FakeRequest) => {
    const wanted = new Set((request.body as PvRef[]).map((r) => r.nr));
    return json(200, {
      configs: items.filter((i) => wanted.has(i.config.pvRef.nr)).map((i) => i.config),
      missingPvs: [],
      unauthorizedPvs: [],
    });
  };
}

function plant() {
  const pvs = [
    analogPv(100001, 'Füllstand Brunnen', 2.5),
    analogPv(100002, 'Druck Netz', 4.25, 'Uncertain'),
    analogPv(200001, 'Füllstand Kammer', 3.75),
  ];
  return fakeServer({
    'GET /api/UserManagement/info': () => json(200, operator),
    'GET /api/station/GetAllStations': () =>
      json(200, [
        station(1, 'Wasserwerk Nord', { kind: 'Wasserwerk', keyValues: [{ type: 'AnaIn', nr: 100001 }] }),
        station(2, 'Hochbehälter Süd', {
          dialState: 'CommunicationError',
          keyValues: [{ type: 'AnaIn', nr: 200001 }],
        }),
      ]),
    'GET /api/Pv/all': () => json(200, pvs),
    'POST /api/Pv/configs': configsOf(pvs),
    // A station's node of the PV tree, as the station page asks for it.
    'GET /api/Pv/getallpvnodes': (request) => {
      const stationNr = Number(new URL(request.path, 'http://localhost').searchParams.get('stationNr'));
      const own = pvs.filter((p) => Math.floor(p.config.pvRef.nr / 100_000) === stationNr);
      return json(200, [
        {
          stationNumber: stationNr,
          stationName: `Station ${stationNr}`,
          groups: [
            {
              subtype: 'Füllstand',
              pvs: own.map((p) => ({
                pvRef: p.config.pvRef,
                name: p.config.name,
                eks: p.config.eksNr,
                stationNumber: stationNr,
                stationName: `Station ${stationNr}`,
                subtype: p.config.subtype,
              })),
            },
          ],
        },
      ]);
    },
  });
}

/** The server pushes one analog input's value on this PV connection; the store applies it at once. */
function pushValue(connection: FakeHubConnection, nr: number, doubleValue: number, quality: 'Good' | 'Bad') {
  act(() => {
    connection.emit('newValues', [
      { pvRef: { type: 'AnaIn', nr }, type: 'DoubleValue', doubleValue, quality, timestamp: 2e12 },
    ]);
    pvValueStore.flush();
  });
}

const cell = (key: string) => document.querySelector<HTMLElement>(`[data-pv="${key}"]`);

describe('overview', () => {
  it('shows stations with dial state words and PVs with formatted values and quality', async () => {
    plant();
    renderApp('/overview?view=values');

    const north = await screen.findByRole('region', { name: 'Wasserwerk Nord' });
    expect(within(north).getByText('Verbunden')).toBeDefined();
    expect(within(north).getByText('Füllstand Brunnen')).toBeDefined();
    const south = screen.getByRole('region', { name: 'Hochbehälter Süd' });
    expect(within(south).getByText('Verbindungsfehler')).toBeDefined();

    expect(cell('AnaIn-100001')?.textContent).toBe('2,5 m');
    expect(cell('AnaIn-100001')?.dataset.quality).toBe('Good');
    expect(cell('AnaIn-100002')?.dataset.quality).toBe('Uncertain');
    expect(cell('AnaIn-100002')?.className).toContain('qualityuncertain');
    expect(within(cell('AnaIn-100002')!).getByText('Unsicher')).toBeDefined();
  });

  it('subscribes its PVs and applies live values without reload', async () => {
    plant();
    renderApp('/overview?view=values');
    await screen.findByRole('region', { name: 'Wasserwerk Nord' });

    await waitFor(() => expect(hub.connections[0]?.invocations).toHaveLength(1));
    const [invocation] = hub.connections[0]!.invocations;
    expect(invocation?.method).toBe('SubscribeToPvs');
    expect((invocation?.args[0] as PvRef[]).map((ref) => ref.nr).sort()).toEqual([100001, 100002, 200001]);

    pushValue(hub.connections[0]!, 100001, 3.125, 'Bad');
    expect(cell('AnaIn-100001')?.dataset.quality).toBe('Bad');
    expect(cell('AnaIn-100001')?.className).toContain('qualitybad');
    expect(cell('AnaIn-100001')?.textContent).toBe('3,13 mSchlecht');
    // The header's indicator shows the connection in words.
    const indicator = document.querySelector<HTMLElement>('[data-live-status]');
    expect(indicator?.dataset.liveStatus).toBe('connected');
    expect(indicator?.textContent).toBe('Verbunden');
  });

  it('shows a tile per station with its key values, and marks a station with an active alarm', async () => {
    hub.openAlerts = [
      {
        id: 7,
        source: 'AnaIn-200001/ogw',
        bindingKind: 'device',
        bindingKey: 'AnaIn-200001/ogw',
        pv: { type: 'AnaIn', nr: 200001 },
        station: 2,
        limitType: 'Top',
        priority: 1,
        message: 'Füllstand hoch',
        description: 'Hochbehälter Süd: Füllstand Kammer',
        value: 4.1,
        limit: 4,
        state: 'coming',
        active: true,
        pending: true,
        comingAt: 1e12,
        goingAt: null,
        acknowledgedAt: null,
        acknowledgedBy: null,
        ackOrigin: null,
      },
    ];
    let releaseConfigs = () => {};
    const configsHeld = new Promise<void>((resolve) => (releaseConfigs = resolve));
    fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'GET /api/station/GetAllStations': () =>
        json(200, [
          station(1, 'Wasserwerk Nord', { keyValues: [{ type: 'AnaIn', nr: 100001 }] }),
          station(2, 'Hochbehälter Süd', { keyValues: [{ type: 'AnaIn', nr: 200001 }] }),
        ]),
      // The tiles ask only for their key values' configs, never for every PV; held back here
      // until the tiles are shown.
      'POST /api/Pv/configs': async (request) => {
        await configsHeld;
        return configsOf([
          analogPv(100001, 'Füllstand Brunnen', 2.5),
          analogPv(100002, 'Druck Netz', 4.25),
          analogPv(200001, 'Füllstand Kammer', 3.75),
        ])(request);
      },
    });
    renderApp('/overview');
    const south = await screen.findByRole('region', { name: 'Hochbehälter Süd' });
    const north = screen.getByRole('region', { name: 'Wasserwerk Nord' });
    // The tiles show at once, a placeholder line for each key value while their configs load.
    expect(north.querySelectorAll('[data-key-value-pending]')).toHaveLength(1);
    expect(within(north).queryByText('Keine Kennwerte freigegeben.')).toBeNull();
    releaseConfigs();
    // Key values only: the tile of station 1 shows its level, not its pressure.
    expect(await within(north).findByText('Füllstand Brunnen')).toBeDefined();
    expect(north.querySelectorAll('[data-key-value-pending]')).toHaveLength(0);
    expect(within(north).queryByText('Druck Netz')).toBeNull();
    await waitFor(() => expect(south.dataset.alarm).toBe('true'));
    expect(north.dataset.alarm).toBe('false');
    expect(within(south).getByText(/Offen: 1/)).toBeDefined();
    expect(within(north).getByText('Keine offenen Meldungen')).toBeDefined();
    expect(within(south).getByRole('link', { name: 'Hochbehälter Süd' }).getAttribute('href')).toBe(
      '/stations/2',
    );
  });

  it("fetches a station page's data ahead when the pointer rests on its tile, not when it passes over", async () => {
    const server = plant();
    renderApp('/overview');
    const north = await screen.findByRole('region', { name: 'Wasserwerk Nord' });
    const south = screen.getByRole('region', { name: 'Hochbehälter Süd' });
    const nodeCalls = () => server.requests.filter((r) => r.path.startsWith('/api/Pv/getallpvnodes'));
    const configCalls = () => server.calls('POST', '/api/Pv/configs').length;
    await waitFor(() => expect(configCalls()).toBeGreaterThan(0));
    const tileConfigCalls = configCalls();

    // Passing over a tile on the way elsewhere fetches nothing.
    const southLink = within(south).getByRole('link', { name: 'Hochbehälter Süd' });
    fireEvent.pointerEnter(southLink);
    fireEvent.pointerLeave(southLink);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(nodeCalls()).toHaveLength(0);

    fireEvent.pointerEnter(within(north).getByRole('link', { name: 'Wasserwerk Nord' }));
    await waitFor(() =>
      expect(nodeCalls().map((r) => r.path)).toEqual(['/api/Pv/getallpvnodes?stationNr=1']),
    );
    // Then the configs of the station's PVs, as the station page asks for them.
    await waitFor(() => expect(configCalls()).toBe(tileConfigCalls + 1));
    const last = server.calls('POST', '/api/Pv/configs').at(-1);
    expect(last?.body).toEqual([
      { type: 'AnaIn', nr: 100001 },
      { type: 'AnaIn', nr: 100002 },
    ]);

    // The station's values are subscribed ahead as well (the tiles alone hold only key values).
    const subscribedNrs = () =>
      hub.connections
        .flatMap((c) => c.invocations)
        .filter((i) => i.method === 'SubscribeToPvs')
        .flatMap((i) => (i.args[0] as PvRef[]).map((ref) => ref.nr));
    await waitFor(() => expect(subscribedNrs()).toContain(100002));

    // A button or finger going down on a link fetches without waiting for a rest: the click
    // follows within some 100 ms.
    fireEvent.pointerDown(southLink);
    await waitFor(() =>
      expect(nodeCalls().map((r) => r.path)).toContain('/api/Pv/getallpvnodes?stationNr=2'),
    );
  });

  it('filters by station or PV name', async () => {
    plant();
    renderApp('/overview');
    await screen.findByRole('region', { name: 'Wasserwerk Nord' });
    await screen.findByText('Füllstand Kammer');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), { target: { value: 'kammer' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Wasserwerk Nord' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Hochbehälter Süd' })).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), {
      target: { value: 'gibt es nicht' },
    });
    expect(
      await screen.findByText('Keine Station und kein Prozesswert passt zu „gibt es nicht“.'),
    ).toBeDefined();
  });

  it('shows the empty state when there are no stations', async () => {
    fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'GET /api/station/GetAllStations': () => json(200, []),
      'GET /api/Pv/all': () => json(200, []),
    });
    renderApp('/overview');
    expect(await screen.findByText('Es sind keine Stationen eingerichtet oder freigegeben.')).toBeDefined();
  });

  it('shows the error state with a retry when loading fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'GET /api/station/GetAllStations': () =>
        fail
          ? json(500, { statusCode: 500, error: 'x', message: 'x' })
          : json(200, [station(1, 'Wasserwerk Nord')]),
      'GET /api/Pv/all': () => json(200, []),
    });
    renderApp('/overview');
    expect(await screen.findByText('Die Übersicht konnte nicht geladen werden.')).toBeDefined();
    expect(screen.getByText('Der Server hat mit Status 500 geantwortet.')).toBeDefined();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('region', { name: 'Wasserwerk Nord' })).toBeDefined();
  });

  it('keeps the list on screen when the reload after a reconnect fails, and the live values go on', async () => {
    let snapshot = 0;
    const pvs = [analogPv(100001, 'Füllstand Brunnen', 2.5)];
    fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'GET /api/station/GetAllStations': () => json(200, [station(1, 'Wasserwerk Nord')]),
      // The first snapshot loads; the one after the reconnect meets a plant without an owner.
      'GET /api/Pv/all': () => {
        snapshot += 1;
        return snapshot === 1
          ? json(200, pvs)
          : json(503, { statusCode: 503, error: 'Service Unavailable', message: 'no owner' });
      },
    });
    renderApp('/overview?view=values');
    await screen.findByRole('region', { name: 'Wasserwerk Nord' });
    await waitFor(() => expect(hub.connections[0]?.invocations).toHaveLength(1));

    act(() => hub.connections[0]!.simulateClose(new Error('owner gone')));
    await waitFor(() => expect(snapshot).toBe(2));
    await waitFor(() => expect(hub.connections[1]?.invocations).toHaveLength(1));
    expect(screen.queryByText('Die Übersicht konnte nicht geladen werden.')).toBeNull();
    pushValue(hub.connections[1]!, 100001, 3.5, 'Good');
    expect(cell('AnaIn-100001')?.textContent).toBe('3,5 m');
  });

  it('subscribes only the PVs of the station cards it renders when the list is too long for the page', async () => {
    // 25 stations × 100 PVs: more than the list puts in the page at once.
    const stations = Array.from({ length: 25 }, (_, s) => station(s + 1, `Station ${s + 1}`));
    const pvs = stations.flatMap((st) =>
      Array.from({ length: 100 }, (_, i) => analogPv(st.stationNumber * 100000 + i + 1, `Wert ${i + 1}`, i)),
    );
    fakeServer({
      'GET /api/UserManagement/info': () => json(200, operator),
      'GET /api/station/GetAllStations': () => json(200, stations),
      'GET /api/Pv/all': () => json(200, pvs),
    });
    renderApp('/overview?view=values');
    await screen.findByRole('region', { name: 'Station 1' });
    await waitFor(() => expect(hub.connections[0]?.invocations.length).toBeGreaterThan(0));

    const subscribed = new Set(
      hub.connections[0]!.invocations.filter((i) => i.method === 'SubscribeToPvs').flatMap((i) =>
        (i.args[0] as PvRef[]).map((ref) => `${ref.type}-${ref.nr}`),
      ),
    );
    const shown = new Set(
      [...document.querySelectorAll('[data-pv]')].map((cell) => cell.getAttribute('data-pv')),
    );
    expect(shown.size).toBeGreaterThan(0);
    expect(shown.size).toBeLessThan(pvs.length);
    expect(subscribed).toEqual(shown);
  });

  it('says when the live connection cannot be established', async () => {
    hub.failStart = true;
    plant();
    renderApp('/overview');
    expect((await screen.findByTestId('live-error')).textContent).toContain(
      'Die Verbindung Prozesswerte konnte nicht hergestellt werden.',
    );
  });
});
