import type {
  Dashboard,
  DashboardChange,
  DashboardConfig,
  DashboardCreate,
  DashboardWidgetInput,
} from '@leitwarte/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collect, createConnector, until } from '../hubs/live-test-client.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import {
  startTestServer,
  TEST_PLANT_USERS_PASSWORD,
  type LoggedIn,
  type TestServer,
} from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const connector = createConnector();
afterEach(() => connector.stopAll());

/** Widgets of every kind that refers to nothing the plant may lack, plus a gauge of a demo PV. */
const widgets = (): DashboardWidgetInput[] => [
  {
    kind: 'SingleValue',
    title: 'Hochbehälter Füllstand',
    size: 'Medium',
    position: null,
    pv: { type: 'AnaIn', nr: 200010 },
    style: 'CircularGauge',
    min: 0,
    max: 5,
  },
  { kind: 'Note', title: 'Übergabe', size: 'Small', position: null, note: 'Neu angelegt.' },
  { kind: 'Browser', title: 'Radar', size: 'Small', position: null, url: 'https://example.org/radar' },
  { kind: 'Placeholder', title: '', size: 'Small', position: null },
];

/** A map widget of the given map type, with no stations. */
const map = (mapType: string) =>
  ({
    kind: 'GoogleMaps',
    title: `Karte ${mapType}`,
    size: 'Medium',
    position: null,
    mapType,
    latitude: 50.55,
    longitude: 9.68,
    zoom: 11,
    stations: [],
  }) as DashboardWidgetInput;

describe.each(BOTH_DIALECTS)('dashboard editor calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let operator: LoggedIn;
  let viewer: LoggedIn;
  /** Edits dashboards but reads station 9 (RÜB Talheim) only. */
  let scopedEditor: LoggedIn;
  const started = Date.now();
  let made: Dashboard;

  const call = async <T>(who: LoggedIn, method: string, path: string, body?: unknown, csrf = true) => {
    const reply = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: who.cookie,
        ...(csrf ? { 'x-csrf-token': who.csrfToken } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    return { status: reply.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const config = async (who: LoggedIn = admin) =>
    (await call<DashboardConfig>(who, 'GET', '/api/dashboard/config')).body;
  const auditActions = async () =>
    (await server.services.store.audit.range(started, Date.now() + 1000, 1000)).map((r) => r.action);
  /** Everything a refused call must leave as it was: the dashboards and the audit's dashboard rows. */
  const snapshot = async () => ({
    dashboards: (await config()).dashboards,
    audit: (await auditActions()).filter((a) => a.startsWith('dashboard.')),
  });
  /** A save's body as the editor sends it; widgets loosely typed, as tests change them freely. */
  const saveBody = (
    d: Dashboard,
    change: Omit<Partial<DashboardCreate>, 'widgets'> & { widgets?: object[] } = {},
  ): { version: number; name: string; layout: string; widgets: Record<string, unknown>[] } =>
    ({
      version: d.version,
      name: d.name,
      layout: d.layout,
      widgets: d.widgets.map((w) => {
        const { sortIndex: _drop, ...rest } = w;
        return rest as Record<string, unknown>;
      }),
      ...change,
    }) as { version: number; name: string; layout: string; widgets: Record<string, unknown>[] };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    operator = await server.loginWithToken('betrieb', TEST_PLANT_USERS_PASSWORD);
    viewer = await loginAsNewUser(server, 'zuschauer', 'viewer');
    await createTestRole(server, 'editor-9', ['read', 'editDashboards'], {
      allStations: false,
      stations: [9],
      pvGroups: [],
    });
    scopedEditor = await loginAsNewUser(server, 'talheim-editor', 'editor-9');
  });
  afterAll(() => server.close());

  it('makes a dashboard, audits it, announces it and says who may edit', async () => {
    const announced: DashboardChange[] = [];
    const stop = server.services.domain.dashboards.onChange((c) => announced.push(c));
    const reply = await call<Dashboard>(admin, 'POST', '/api/dashboard', {
      name: '  Nachtschicht  ',
      layout: 'FlowLayout',
      widgets: widgets(),
    });
    stop();
    expect(reply.status).toBe(201);
    made = reply.body;
    expect(made).toMatchObject({
      name: 'Nachtschicht',
      layout: 'FlowLayout',
      origin: 'user',
      version: 1,
      isDefault: false,
      updatedBy: 'admin',
    });
    expect(made.widgets.map((w) => [w.kind, w.sortIndex])).toEqual([
      ['SingleValue', 0],
      ['Note', 1],
      ['Browser', 2],
      ['Placeholder', 3],
    ]);
    expect(made.widgets[1]).toMatchObject({ kind: 'Note', note: 'Neu angelegt.' });
    expect(announced).toEqual([{ id: made.id, version: 1, by: 'admin' }]);
    const listed = await config();
    expect(listed.currentUserCanEdit).toBe(true);
    expect(listed.dashboards.at(-1)).toEqual(made);
    expect(listed.dashboards[0]).toMatchObject({ origin: 'plant', version: 1 });
    expect((await config(viewer)).currentUserCanEdit).toBe(false);
    const row = (await server.services.store.audit.range(started, Date.now() + 1000, 1000)).find(
      (r) => r.action === 'dashboard.create',
    );
    expect(row).toMatchObject({
      username: 'admin',
      object: `dashboard:${made.id}`,
      new_value: 'Nachtschicht (version 1, 4 widgets)',
    });
  });

  it('refuses users without editDashboards and calls without the CSRF token, changing nothing', async () => {
    const before = await snapshot();
    const refusedBefore = (await auditActions()).filter((a) => a === 'access.refused').length;
    const attempts = [
      call(viewer, 'POST', '/api/dashboard', { name: 'X', layout: 'FlowLayout', widgets: [] }),
      call(viewer, 'PUT', `/api/dashboard/${made.id}`, saveBody(made, { name: 'X' })),
      call(viewer, 'POST', `/api/dashboard/${made.id}/copy`, { name: 'X' }),
      call(viewer, 'DELETE', `/api/dashboard/${made.id}?version=1`),
    ];
    for (const reply of await Promise.all(attempts)) expect(reply.status).toBe(403);
    const noToken = await call(admin, 'PUT', `/api/dashboard/${made.id}`, saveBody(made), false);
    expect(noToken.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    const refusedAfter = (await auditActions()).filter((a) => a === 'access.refused').length;
    expect(refusedAfter).toBeGreaterThanOrEqual(refusedBefore + 4);
  });

  it('refuses a save or delete by an editor who does not see all of the dashboard, changing nothing', async () => {
    const before = await snapshot();
    // The gauge's PV is of station 2: the scoped editor's view lacks it, and a save would drop it.
    const seen = (
      await call<DashboardConfig>(scopedEditor, 'GET', '/api/dashboard/config')
    ).body.dashboards.find((d) => d.id === made.id)!;
    expect(seen.widgets.length).toBeLessThan(made.widgets.length);
    const save = await call<{ message: string }>(
      scopedEditor,
      'PUT',
      `/api/dashboard/${made.id}`,
      saveBody(seen),
    );
    expect(save.status).toBe(403);
    expect(save.body.message).toMatch(/values you may not read/);
    const remove = await call(scopedEditor, 'DELETE', `/api/dashboard/${made.id}?version=${made.version}`);
    expect(remove.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    // What the editor sees all of, it may change: its own dashboard on its station.
    const own = await call<Dashboard>(scopedEditor, 'POST', '/api/dashboard', {
      name: 'Talheim',
      layout: 'StackLayout',
      widgets: [{ ...widgets()[0], pv: { type: 'AnaIn', nr: 900010 } }],
    });
    expect(own.status).toBe(201);
    expect((await call(scopedEditor, 'DELETE', `/api/dashboard/${own.body.id}?version=1`)).status).toBe(204);
  });

  it('refuses malformed and unknown content naming the field, changing nothing', async () => {
    const before = await snapshot();
    const plant = before.dashboards.find((d) => d.origin === 'plant')!;
    const [gauge, note] = made.widgets;
    const bad: [string, string, unknown, number, RegExp][] = [
      ['POST', '/api/dashboard', { name: '', layout: 'FlowLayout', widgets: [] }, 400, /name/],
      ['POST', '/api/dashboard', { name: '   ', layout: 'FlowLayout', widgets: [] }, 400, /enter a name/],
      ['POST', '/api/dashboard', { name: 'A', layout: 'Grid', widgets: [] }, 400, /layout/],
      [
        'POST',
        '/api/dashboard',
        { name: 'A', layout: 'FlowLayout', widgets: [], extra: 1 },
        400,
        /extra|additional/,
      ],
      [
        'POST',
        '/api/dashboard',
        {
          name: 'A',
          layout: 'FlowLayout',
          widgets: [{ ...widgets()[0], pv: { type: 'AnaIn', nr: 999999 } }],
        },
        400,
        /widgets\[0\]\.pv: unknown PV AnaIn-999999/,
      ],
      [
        'POST',
        '/api/dashboard',
        { name: 'A', layout: 'FlowLayout', widgets: [{ ...widgets()[2], url: 'file:///c:/radar.html' }] },
        400,
        /widgets\[0\]\.url: only web URLs are supported/,
      ],
      [
        'POST',
        '/api/dashboard',
        { name: 'A', layout: 'FlowLayout', widgets: [{ ...widgets()[0], min: 5, max: 1 }] },
        400,
        /widgets\[0\]\.max/,
      ],
      [
        'POST',
        '/api/dashboard',
        { name: 'A', layout: 'FlowLayout', widgets: [{ ...widgets()[0], colour: 'red' }] },
        400,
        /.+/,
      ],
      [
        'POST',
        '/api/dashboard',
        {
          name: 'A',
          layout: 'FlowLayout',
          widgets: [{ kind: 'Webcam', title: 'Kamera', size: 'Small', position: null, webcamId: 4711 }],
        },
        400,
        /unknown webcam 4711/,
      ],
      [
        'POST',
        '/api/dashboard',
        {
          name: 'A',
          layout: 'FlowLayout',
          widgets: [{ kind: 'Chart', title: 'Kurve', size: 'Small', position: null, chartId: 987654 }],
        },
        400,
        /unknown chart 987654/,
      ],
      [
        'POST',
        '/api/dashboard',
        { name: 'A', layout: 'FlowLayout', widgets: [{ ...map('None'), mapType: 'Street' }] },
        400,
        /widgets\/0\/mapType|mapType/,
      ],
      // A widget of another dashboard, a changed kind, and the same widget twice.
      [
        'PUT',
        `/api/dashboard/${made.id}`,
        { ...saveBody(made), widgets: [{ ...saveBody(plant).widgets[0] }] },
        400,
        /no widget \d+ on this dashboard/,
      ],
      [
        'PUT',
        `/api/dashboard/${made.id}`,
        { ...saveBody(made), widgets: [{ ...widgets()[1], id: gauge!.id }] },
        400,
        /is a SingleValue/,
      ],
      [
        'PUT',
        `/api/dashboard/${made.id}`,
        { ...saveBody(made), widgets: [saveBody(made).widgets[1], saveBody(made).widgets[1]] },
        400,
        new RegExp(`widget ${note!.id} twice`),
      ],
      ['PUT', `/api/dashboard/${made.id}`, { ...saveBody(made), version: 0 }, 400, /version/],
      ['PUT', '/api/dashboard/987654', saveBody(made), 404, /no dashboard 987654/],
      ['DELETE', '/api/dashboard/987654?version=1', undefined, 404, /no dashboard/],
      ['DELETE', `/api/dashboard/${made.id}`, undefined, 400, /version/],
      ['POST', '/api/dashboard/987654/copy', { name: 'Kopie' }, 404, /no dashboard/],
      ['POST', `/api/dashboard/${made.id}/copy`, { name: '' }, 400, /name/],
      // Plant dashboards stay as the plant defines them.
      [
        'PUT',
        `/api/dashboard/${plant.id}`,
        saveBody(plant, { name: 'Umbenannt' }),
        403,
        /copy it to change it/,
      ],
      ['DELETE', `/api/dashboard/${plant.id}?version=1`, undefined, 403, /copy it to change it/],
    ];
    for (const [method, path, body, status, message] of bad) {
      const reply = await call<{ message: string }>(admin, method, path, body);
      const what = `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}`;
      expect(reply.status, what).toBe(status);
      expect(reply.body.message, what).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('saves a dashboard: kept widgets keep their ids and the note its text, new ones are added, left-out ones go', async () => {
    const [gauge, note, browser] = made.widgets;
    const body = saveBody(made, {
      name: 'Nachtschicht Nord',
      layout: 'FreeLayout',
      widgets: [
        {
          ...saveBody(made).widgets[1]!,
          note: 'ignored: notes change by PATCH',
          position: { x: 2, y: 0, width: 1, height: 1 },
        },
        {
          ...saveBody(made).widgets[0]!,
          style: 'DigitalGauge',
          size: 'Large',
          position: { x: 0, y: 0, width: 2, height: 2 },
        },
        {
          kind: 'Weather',
          title: 'Wetter',
          size: 'Small',
          position: null,
          mode: 'ActualWeather',
          zip: '74072',
          country: 'DE',
        },
      ],
    });
    const reply = await call<Dashboard>(admin, 'PUT', `/api/dashboard/${made.id}`, body);
    expect(reply.status).toBe(200);
    const saved = reply.body;
    expect(saved).toMatchObject({ name: 'Nachtschicht Nord', layout: 'FreeLayout', version: 2 });
    expect(saved.widgets.map((w) => w.id).slice(0, 2)).toEqual([note!.id, gauge!.id]);
    expect(saved.widgets[0]).toMatchObject({ kind: 'Note', note: 'Neu angelegt.', sortIndex: 0 });
    expect(saved.widgets[1]).toMatchObject({
      style: 'DigitalGauge',
      size: 'Large',
      position: { x: 0, width: 2 },
    });
    expect(saved.widgets[2]).toMatchObject({ kind: 'Weather', zip: '74072' });
    expect(saved.widgets.some((w) => w.id === browser!.id)).toBe(false);
    expect((await config()).dashboards.find((d) => d.id === made.id)).toEqual(saved);
    const row = (await server.services.store.audit.range(started, Date.now() + 1000, 1000)).find(
      (r) => r.action === 'dashboard.update',
    );
    expect(row).toMatchObject({
      old_value: 'Nachtschicht (version 1, 4 widgets)',
      new_value: 'Nachtschicht Nord (version 2, 3 widgets)',
    });
    made = saved;
  });

  it('refuses a stale save and a stale delete with who saved in between, changing nothing', async () => {
    // The operator saves from version 2; the admin's editor still holds version 2 as well.
    const first = await call<Dashboard>(
      operator,
      'PUT',
      `/api/dashboard/${made.id}`,
      saveBody(made, { name: 'Betrieb' }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 3, updatedBy: 'betrieb' });
    const before = await snapshot();
    const stale = await call<{ code: string; message: string }>(
      admin,
      'PUT',
      `/api/dashboard/${made.id}`,
      saveBody(made, { name: 'Admin' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale');
    expect(stale.body.message).toMatch(/saved meanwhile by betrieb \(version 3\)/);
    const staleDelete = await call(admin, 'DELETE', `/api/dashboard/${made.id}?version=2`);
    expect(staleDelete.status).toBe(409);
    expect(await snapshot()).toEqual(before);
    made = first.body;
  });

  it('of two saves from the same version exactly one wins', async () => {
    const replies = await Promise.all(
      ['Eins', 'Zwei', 'Drei'].map((name) =>
        call<Dashboard>(admin, 'PUT', `/api/dashboard/${made.id}`, saveBody(made, { name })),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = replies.find((r) => r.status === 200)!.body;
    expect((await config()).dashboards.find((d) => d.id === made.id)).toMatchObject({
      name: winner.name,
      version: 4,
    });
    made = winner;
  });

  it('copies a plant dashboard as a user dashboard, with its charts and notes', async () => {
    const plant = (await config()).dashboards.find((d) => d.origin === 'plant')!;
    const reply = await call<Dashboard>(operator, 'POST', `/api/dashboard/${plant.id}/copy`, {
      name: 'Meine Übersicht',
    });
    expect(reply.status).toBe(201);
    const copy = reply.body;
    expect(copy).toMatchObject({ name: 'Meine Übersicht', origin: 'user', layout: plant.layout, version: 1 });
    const strip = (d: Dashboard) => d.widgets.map(({ id: _id, ...rest }) => rest);
    expect(strip(copy)).toEqual(strip(plant));
    expect(copy.widgets.some((w) => w.kind === 'Chart' && w.chartId !== null)).toBe(true);
    // The copy is the operator's to change; the plant's stays.
    const saved = await call<Dashboard>(
      operator,
      'PUT',
      `/api/dashboard/${copy.id}`,
      saveBody(copy, { widgets: [] }),
    );
    expect(saved.status).toBe(200);
    expect((await config()).dashboards.find((d) => d.id === plant.id)).toEqual(plant);
    expect(await auditActions()).toContain('dashboard.copy');
    const gone = await call(operator, 'DELETE', `/api/dashboard/${copy.id}?version=2`);
    expect(gone.status).toBe(204);
  });

  it('keeps maps without a base map (None) and without a chosen map type (Unspecified)', async () => {
    const reply = await call<Dashboard>(admin, 'POST', '/api/dashboard', {
      name: 'Karten',
      layout: 'FlowLayout',
      widgets: [map('None'), map('Unspecified')],
    });
    expect(reply.status).toBe(201);
    expect(reply.body.widgets.map((w) => w.kind === 'GoogleMaps' && w.mapType)).toEqual([
      'None',
      'Unspecified',
    ]);
    expect((await config()).dashboards.find((d) => d.id === reply.body.id)).toEqual(reply.body);
    const gone = await call(admin, 'DELETE', `/api/dashboard/${reply.body.id}?version=1`);
    expect(gone.status).toBe(204);
  });

  it('deletes a dashboard, audits it and tells every watcher of the dashboard channel', async () => {
    const connection = connector.connect(server, 'dashboard', admin.cookie);
    const seen = collect<DashboardChange>(connection, 'dashboardChange');
    await connection.start();
    await connection.invoke('SubscribeToDashboards', []);
    const reply = await call(admin, 'DELETE', `/api/dashboard/${made.id}?version=${made.version}`);
    expect(reply.status).toBe(204);
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ id: made.id, version: null, by: 'admin' }]);
    expect((await config()).dashboards.some((d) => d.id === made.id)).toBe(false);
    expect((await call(admin, 'GET', `/api/dashboard/config/${made.id}`)).status).toBe(404);
    const row = (await server.services.store.audit.range(started, Date.now() + 1000, 1000)).find(
      (r) => r.action === 'dashboard.delete',
    );
    expect(row).toMatchObject({
      object: `dashboard:${made.id}`,
      old_value: expect.stringMatching(/version 4/),
    });
  });
});
