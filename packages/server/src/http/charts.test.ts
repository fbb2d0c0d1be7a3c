import {
  ANNOTATION_UNSAVED_UPDATE,
  pvKey,
  type Annotation,
  type ChartConfig,
  type ChartDirectory,
  type ChartSeriesConfig,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { callApi } from '../test-support/api-call.js';

const LEVEL_LINDENBERG = { type: 'AnaIn', nr: 200010 } as const;
const LEVEL_AUHEIM = { type: 'AnaIn', nr: 100010 } as const;
const T = Date.UTC(2025, 5, 10, 8, 0);

const allCharts = (tree: ChartDirectory[]): ChartConfig[] =>
  tree.flatMap((d) => [...d.configList, ...allCharts(d.childDirectoryList)]);

// calls §7 Charts (configs and annotations), screens §4 annotations, §6 currentUserCanEdit.
describe.each(BOTH_DIALECTS)('chart config and annotation routes on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  let station2: LoggedIn;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const json = async <T>(who: LoggedIn, path: string): Promise<T> => {
    const reply = await call(who, 'GET', path);
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };
  const auditActions = async () =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 1000)).map((r) => r.action);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Lindenberg', ['read', 'editAnnotations'], {
      allStations: false,
      stations: [2],
      pvGroups: [],
    });
    station2 = await loginAsNewUser(server, 'lindenberg', 'Lindenberg');
  });
  afterAll(() => server.close());

  it('serves the directory tree of a type with currentUserCanEdit per caller', async () => {
    const tree = await json<ChartDirectory[]>(admin, '/api/charts/config?type=Measurement');
    expect(tree.map((d) => d.name)).toEqual(['Wasserversorgung', 'Abwasser']);
    expect(tree[0]!.childDirectoryList[0]!.name).toBe('Wasserqualität');
    const charts = allCharts(tree);
    expect(charts.length).toBe(12);
    expect(charts.every((c) => c.type === 'Measurement' && c.currentUserCanEdit)).toBe(true);
    const live = allCharts(await json<ChartDirectory[]>(admin, '/api/charts/config?type=LiveMeasurement'));
    expect(live.every((c) => c.type === 'LiveMeasurement')).toBe(true);
    const seen = allCharts(await json<ChartDirectory[]>(viewer, '/api/charts/config?type=Measurement'));
    expect(seen.length).toBe(12);
    expect(seen.every((c) => !c.currentUserCanEdit)).toBe(true);
    expect((await call(admin, 'GET', '/api/charts/config?type=Pie')).status).toBe(400);
  });

  it('serves one config and its series; 404 for an unknown chart', async () => {
    const [first] = allCharts(await json<ChartDirectory[]>(admin, '/api/charts/config?type=Measurement'));
    const config = await json<ChartConfig>(admin, `/api/charts/config/${first!.id}`);
    expect(config).toMatchObject({ id: first!.id, title: first!.title, currentUserCanEdit: true });
    const series = await json<ChartSeriesConfig[]>(admin, `/api/charts/config/${first!.id}/series`);
    expect(series.map((s) => pvKey(s.pv))).toEqual(['AnaIn-100010', 'AnaIn-100060', 'AnaIn-100061']);
    expect((await call(admin, 'GET', '/api/charts/config/99999')).status).toBe(404);
    expect((await call(admin, 'GET', '/api/charts/config/99999/series')).status).toBe(404);
  });

  it('hides from a role of one station the charts and series of other stations', async () => {
    const tree = await json<ChartDirectory[]>(station2, '/api/charts/config?type=Measurement');
    const titles = allCharts(tree).map((c) => c.title);
    expect(titles).toEqual(['Hochbehälter Lindenberg – Füllstand und Abgabe', 'Chlor frei im Netz']);
    // The sewage folder held only other stations' charts: it is gone, not shown empty.
    expect(tree.map((d) => d.name)).toEqual(['Wasserversorgung']);
    const chlorine = allCharts(tree).find((c) => c.title === 'Chlor frei im Netz')!;
    const series = await json<ChartSeriesConfig[]>(station2, `/api/charts/config/${chlorine.id}/series`);
    expect(series.map((s) => pvKey(s.pv))).toEqual(['AnaIn-200080']);
    const auheim = allCharts(await json<ChartDirectory[]>(admin, '/api/charts/config?type=Measurement'))[0]!;
    expect((await call(station2, 'GET', `/api/charts/config/${auheim.id}`)).status).toBe(404);
    expect((await call(station2, 'GET', `/api/charts/config/${auheim.id}/series`)).status).toBe(404);
  });

  it('creates, lists, updates and deletes annotations, each audited', async () => {
    const created = await call(admin, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: LEVEL_LINDENBERG,
      text: '  Behälter gereinigt  ',
    });
    expect(created.status).toBe(200);
    const note = (await created.json()) as Annotation;
    expect(note).toMatchObject({
      text: 'Behälter gereinigt',
      visible: true,
      dataSource: 'MeasurementArchive',
    });
    const listed = await json<Annotation[]>(admin, `/api/charts/annotations?start=${T - 1}&end=${T + 1}`);
    expect(listed.map((a) => a.id)).toContain(note.id);
    const byPv = await json<Annotation[]>(admin, `/api/charts/annotations?pvs=${pvKey(LEVEL_LINDENBERG)}`);
    expect(byPv.map((a) => a.id)).toEqual([note.id]);

    const patched = await call(admin, 'PATCH', '/api/charts/annotations', {
      id: note.id,
      text: 'Behälter 1 gereinigt',
      showInDayReport: true,
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      id: note.id,
      text: 'Behälter 1 gereinigt',
      showInDayReport: true,
    });

    const charts = await json<ChartConfig[]>(admin, `/api/charts/annotations/${note.id}/charts`);
    expect(charts.map((c) => c.title)).toContain('Hochbehälter Lindenberg – Füllstand und Abgabe');
    expect(charts.map((c) => c.title)).toContain('Live: Behälterfüllstände');

    const deleted = await call(admin, 'POST', '/api/charts/delete-annotations', [note.id, 987654]);
    expect(await deleted.json()).toEqual({ deletedIds: [note.id] });
    expect(await json<Annotation[]>(admin, `/api/charts/annotations?pvs=${pvKey(LEVEL_LINDENBERG)}`)).toEqual(
      [],
    );
    expect((await call(admin, 'GET', `/api/charts/annotations/${note.id}/charts`)).status).toBe(404);
    const actions = await auditActions();
    for (const action of ['annotation.create', 'annotation.update', 'annotation.delete'])
      expect(actions).toContain(action);
  });

  it('refuses invalid annotations and the update of an unsaved one, changing nothing', async () => {
    const before = await json<Annotation[]>(admin, '/api/charts/annotations');
    const empty = await call(admin, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: LEVEL_AUHEIM,
      text: ' ',
    });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toContain('text cannot be empty');
    const unknownPv = await call(admin, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: { type: 'AnaIn', nr: 9_999_999 },
      text: 'x',
    });
    expect(unknownPv.status).toBe(400);
    const badTime = await call(admin, 'POST', '/api/charts/annotations', {
      timestamp: 1.5,
      pv: LEVEL_AUHEIM,
      text: 'x',
    });
    expect(badTime.status).toBe(400);
    const unsaved = await call(admin, 'PATCH', '/api/charts/annotations', { text: 'neu' });
    expect(unsaved.status).toBe(400);
    expect(((await unsaved.json()) as { message: string }).message).toContain(ANNOTATION_UNSAVED_UPDATE);
    expect((await call(admin, 'PATCH', '/api/charts/annotations', { id: 424242, text: 'x' })).status).toBe(
      404,
    );
    expect((await call(admin, 'GET', '/api/charts/annotations?pvs=Unsinn')).status).toBe(400);
    expect((await call(admin, 'GET', `/api/charts/annotations?start=${T}&end=${T - 1}`)).status).toBe(400);
    expect(await json<Annotation[]>(admin, '/api/charts/annotations')).toEqual(before);
  });

  it('refuses annotation writes of a viewer: 403, nothing changed, audit row', async () => {
    const refused = await call(viewer, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: LEVEL_AUHEIM,
      text: 'Versuch',
    });
    expect(refused.status).toBe(403);
    expect(await json<Annotation[]>(admin, `/api/charts/annotations?pvs=${pvKey(LEVEL_AUHEIM)}`)).toEqual([]);
    const rows = await server.services.store.audit.range(0, Date.now() + 1000, 50);
    expect(rows.find((r) => r.action === 'access.refused' && r.username === 'betrachter')).toBeDefined();
  });

  it('lets a station role annotate its own PVs only, and hides other stations’ annotations', async () => {
    const own = await call(station2, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: LEVEL_LINDENBERG,
      text: 'Eigene Station',
    });
    expect(own.status).toBe(200);
    const ownNote = (await own.json()) as Annotation;
    const foreign = await call(station2, 'POST', '/api/charts/annotations', {
      timestamp: T,
      pv: LEVEL_AUHEIM,
      text: 'Fremde Station',
    });
    expect(foreign.status).toBe(403);
    const adminNote = (await (
      await call(admin, 'POST', '/api/charts/annotations', { timestamp: T, pv: LEVEL_AUHEIM, text: 'Auheim' })
    ).json()) as Annotation;
    // Moving its own annotation onto another station's PV and deleting a foreign one are refused too.
    const moved = await call(station2, 'PATCH', '/api/charts/annotations', {
      id: ownNote.id,
      pv: LEVEL_AUHEIM,
    });
    expect(moved.status).toBe(403);
    const del = await call(station2, 'POST', '/api/charts/delete-annotations', [ownNote.id, adminNote.id]);
    expect(del.status).toBe(403);
    const visible = await json<Annotation[]>(station2, '/api/charts/annotations');
    expect(visible.map((a) => a.id)).toEqual([ownNote.id]);
    expect(visible[0]!.pv).toEqual(LEVEL_LINDENBERG);
    expect((await call(station2, 'GET', `/api/charts/annotations/${adminNote.id}/charts`)).status).toBe(404);
    const all = await json<Annotation[]>(admin, '/api/charts/annotations');
    expect(all.map((a) => a.id).sort()).toEqual([ownNote.id, adminNote.id].sort());
    const actions = await auditActions();
    for (const action of [
      'annotation.create.refused',
      'annotation.update.refused',
      'annotation.delete.refused',
    ])
      expect(actions).toContain(action);
  });

  it('refuses writes without the CSRF header and calls without a session', async () => {
    const noCsrf = await fetch(`${server.url}/api/charts/annotations`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ timestamp: T, pv: LEVEL_AUHEIM, text: 'x' }),
    });
    expect(noCsrf.status).toBe(403);
    expect((await fetch(`${server.url}/api/charts/config?type=Measurement`)).status).toBe(401);
  });
});
