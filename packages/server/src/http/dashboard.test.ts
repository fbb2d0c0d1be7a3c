import type { Dashboard, DashboardConfig, DashboardNoteUpdate, DashboardWidget } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('dashboard calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  /** Reads station 9 (RÜB Talheim) only. */
  let scoped: LoggedIn;
  let noteId: number;
  const started = Date.now();

  const get = async <T>(who: LoggedIn, path: string) => {
    const reply = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const patchNote = async <T>(who: LoggedIn, body: unknown) => {
    const reply = await fetch(`${server.url}/api/dashboard/note`, {
      method: 'PATCH',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const widgets = (config: DashboardConfig) => config.dashboards.flatMap((d) => d.widgets);
  const noteText = async () => {
    const note = widgets((await get<DashboardConfig>(admin, '/api/dashboard/config')).body).find(
      (w) => w.id === noteId,
    );
    return note?.kind === 'Note' ? note.note : undefined;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'station-9', ['read'], { allStations: false, stations: [9], pvGroups: [] });
    scoped = await loginAsNewUser(server, 'talheim', 'station-9');
    const { body } = await get<DashboardConfig>(admin, '/api/dashboard/config');
    noteId = widgets(body).find((w) => w.kind === 'Note')!.id;
  });
  afterAll(() => server.close());

  it('serves every dashboard, the default one and a single dashboard by id', async () => {
    const { status, body } = await get<DashboardConfig>(admin, '/api/dashboard/config');
    expect(status).toBe(200);
    expect(body.dashboards.map((d) => d.name)).toEqual([
      'Übersicht Zweckverband',
      'Abwasser und Regenbecken',
      'Wasserversorgung kompakt',
      'Leitstand Wasserwerk',
    ]);
    expect(body.defaultDashboardId).toBe(body.dashboards[0]!.id);
    const second = body.dashboards[1]!;
    expect((await get<Dashboard>(admin, `/api/dashboard/config/${second.id}`)).body).toEqual(second);
    expect((await get(admin, '/api/dashboard/config/9999')).status).toBe(404);
    expect((await get(admin, '/api/dashboard/config/abc')).status).toBe(400);
  });

  it('shows a station-scoped role only the values and markers of its station', async () => {
    const all = widgets((await get<DashboardConfig>(admin, '/api/dashboard/config')).body);
    const mine = widgets((await get<DashboardConfig>(scoped, '/api/dashboard/config')).body);
    const stationOf = (w: DashboardWidget) =>
      w.kind === 'SingleValue' ? server.services.plant.stationOf(w.pv) : null;
    const single = mine.filter((w) => w.kind === 'SingleValue');
    expect(single.length).toBeGreaterThan(0);
    expect(single.every((w) => stationOf(w) === 9)).toBe(true);
    expect(all.filter((w) => w.kind === 'SingleValue').length).toBeGreaterThan(single.length);
    const map = mine.find((w) => w.kind === 'GoogleMaps');
    expect(map?.kind === 'GoogleMaps' && map.stations.every((s) => s === 9)).toBe(true);
    expect(mine.some((w) => w.kind === 'Note')).toBe(true);
  });

  it('saves a note, audits it and announces it', async () => {
    const announced: DashboardNoteUpdate[] = [];
    const stop = server.services.domain.dashboards.onNoteUpdate((u) => announced.push(u));
    const { status, body } = await patchNote<DashboardNoteUpdate>(admin, {
      id: noteId,
      note: 'Pumpe 2 im Handbetrieb.\r\n',
    });
    stop();
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: noteId, note: 'Pumpe 2 im Handbetrieb.', updatedBy: 'admin' });
    expect(announced).toEqual([body]);
    expect(await noteText()).toBe('Pumpe 2 im Handbetrieb.');
    const rows = await server.services.store.audit.range(started, Date.now() + 1000, 100);
    expect(rows.find((r) => r.action === 'dashboard.note')).toMatchObject({
      new_value: 'Pumpe 2 im Handbetrieb.',
    });
  });

  it('refuses a user without editDashboards, changing nothing', async () => {
    const before = await noteText();
    expect((await patchNote(viewer, { id: noteId, note: 'Nicht erlaubt' })).status).toBe(403);
    expect(await noteText()).toBe(before);
    const rows = await server.services.store.audit.range(started, Date.now() + 1000, 100);
    expect(rows.find((r) => r.action === 'access.refused')).toMatchObject({ username: 'betrachter' });
  });

  it('refuses malformed notes and ids that are no note, changing nothing', async () => {
    const before = await noteText();
    const other = widgets((await get<DashboardConfig>(admin, '/api/dashboard/config')).body).find(
      (w) => w.kind === 'SingleValue',
    )!;
    expect((await patchNote(admin, { id: other.id, note: 'x' })).status).toBe(404);
    expect((await patchNote(admin, { id: 999999, note: 'x' })).status).toBe(404);
    for (const body of [
      { id: noteId },
      { id: noteId, note: 'x'.repeat(4001) },
      { id: noteId, note: 'Steuer\u0007zeichen' },
      { id: 0, note: 'x' },
      [],
    ]) {
      expect((await patchNote(admin, body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await noteText()).toBe(before);
  });
});
