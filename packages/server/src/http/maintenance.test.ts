import type {
  DatasheetDataItem,
  DatasheetPart,
  LifecycleBulkSaveReply,
  LifecycleEntry,
  MaintenanceNotification,
  MaintenanceProtocolRow,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const pump1 = { type: 'DigiIn' as const, nr: 100020 }; // station 1
const pump6 = { type: 'DigiIn' as const, nr: 600030 }; // station 6
const q = (pv: { type: string; nr: number }) => `pvType=${pv.type}&pvNr=${pv.nr}`;

describe.each(BOTH_DIALECTS)('maintenance routes on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  let station6: LoggedIn;

  const call = (who: LoggedIn, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async <T>(who: LoggedIn, path: string, body?: unknown): Promise<T> => {
    const reply = await call(who, path, body);
    expect(reply.status, `${path}: ${reply.status}`).toBe(200);
    return (await reply.json()) as T;
  };
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );
  const lifecycle = (pv = pump1) => server.services.domain.maintenance.lifecycle(pv);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Wartung Station 6', ['read', 'editMaintenance', 'upload'], {
      allStations: false,
      stations: [6],
      pvGroups: [],
    });
    station6 = await loginAsNewUser(server, 'wartung6', 'Wartung Station 6');
  });
  afterAll(() => server.close());

  it('serves descriptions, notifications, life cycle and data sheets of a machine', async () => {
    expect(await json<string[]>(admin, '/api/maintenance/descriptions')).toContain('Ölwechsel');
    const all = await json<MaintenanceNotification[]>(viewer, '/api/maintenance/notifications');
    expect(all.length).toBeGreaterThan(20);
    expect(all.map((n) => n.index)).toEqual(all.map((_, i) => i));
    const mine = await json<MaintenanceNotification[]>(viewer, `/api/maintenance/notifications?${q(pump1)}`);
    expect(mine.map((n) => n.pvRef)).toContainEqual({ type: 'RechenWert', nr: 1020 });
    const entries = await json<LifecycleEntry[]>(viewer, `/api/maintenance/machine-lifecycle?${q(pump1)}`);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(
      await json<DatasheetDataItem[]>(viewer, `/api/maintenance/datasheets/data?${q(pump1)}`),
    ).not.toEqual([]);
    expect(await json<DatasheetPart[]>(viewer, `/api/maintenance/datasheets/parts?${q(pump1)}`)).not.toEqual(
      [],
    );
    expect(await json<unknown[]>(viewer, `/api/maintenance/datasheets/docs?${q(pump1)}`)).toEqual([]);
  });

  it('serves the overview protocols by station, by compare value and of a PV', async () => {
    const station = await json<MaintenanceProtocolRow[]>(admin, '/api/maintenance/overview/station/1');
    expect(station.length).toBeGreaterThan(0);
    expect(new Set(station.map((r) => r.stationNr))).toEqual(new Set([1]));
    const every = await json<MaintenanceProtocolRow[]>(admin, '/api/maintenance/overview/station/-1');
    expect(every.length).toBeGreaterThan(station.length);
    const compare = (value: number, percent: boolean) =>
      json<MaintenanceProtocolRow[]>(
        admin,
        `/api/maintenance/overview/compare?stationNr=-1&compareValue=${value}&isPercent=${percent}`,
      );
    // Percent: remaining below 100 % of the target means the runtime has run at all.
    const started = every.filter((r) => r.notification.remainingRuntime < r.notification.targetRuntime);
    expect((await compare(100, true)).length).toBe(started.length);
    expect(started.length).toBeGreaterThan(0);
    // Absolute: below 0 remaining are the overdue machines, which the demo has.
    const overdue = every.filter((r) => r.notification.remainingRuntime < 0);
    expect(overdue.length).toBeGreaterThan(0);
    expect((await compare(0, false)).length).toBe(overdue.length);
    const ofPv = await json<MaintenanceProtocolRow[]>(admin, `/api/maintenance/overview/pv?${q(pump1)}`);
    expect(ofPv.every((r) => r.machinePv?.nr === pump1.nr)).toBe(true);
    expect(
      (await call(admin, '/api/maintenance/overview/compare?stationNr=1&compareValue=-1&isPercent=false'))
        .status,
    ).toBe(400);
    expect((await call(admin, '/api/maintenance/overview/station/x')).status).toBe(400);
  });

  it('filters reads to what the user may read and refuses a PV outside the scope with an audit row', async () => {
    const rows = await json<MaintenanceProtocolRow[]>(station6, '/api/maintenance/overview/station/-1');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.stationNr))).toEqual(new Set([6]));
    const notes = await json<MaintenanceNotification[]>(station6, '/api/maintenance/notifications');
    expect(notes.length).toBe(rows.length);
    expect(await json<unknown[]>(station6, '/api/maintenance/overview/station/1')).toEqual([]);
    const refused = await call(station6, `/api/maintenance/machine-lifecycle?${q(pump1)}`);
    expect(refused.status).toBe(403);
    expect((await audit('maintenance.read.refused')).at(0)).toMatchObject({
      username: 'wartung6',
      object: 'DigiIn-100020',
    });
    expect((await call(admin, `/api/maintenance/datasheets/docs?pvType=DigiIn&pvNr=999999`)).status).toBe(
      404,
    );
    expect((await call(admin, `/api/maintenance/datasheets/docs?pvType=Foo&pvNr=1`)).status).toBe(400);
  });

  it('adds a life-cycle entry, refuses a bad one and a viewer, changing nothing', async () => {
    const entry = {
      pvRef: pump1,
      maintenanceTimestamp: Date.UTC(2025, 5, 9, 8),
      text: 'Lager getauscht',
      kind: 'Reparatur',
    };
    const created = await json<LifecycleEntry>(admin, '/api/maintenance/machine-lifecycle/entry', entry);
    expect(created).toMatchObject({ text: 'Lager getauscht', user: 'admin', pvRef: pump1 });
    expect((await audit('maintenance.lifecycle.create')).at(0)).toMatchObject({ object: 'DigiIn-100020' });
    const before = await lifecycle();
    const bad = await call(admin, '/api/maintenance/machine-lifecycle/entry', { ...entry, text: '  ' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('Text darf nicht leer sein.');
    expect(
      (await call(admin, '/api/maintenance/machine-lifecycle/entry', { ...entry, maintenanceTimestamp: 'x' }))
        .status,
    ).toBe(400);
    const refused = await call(viewer, '/api/maintenance/machine-lifecycle/entry', entry);
    expect(refused.status).toBe(403);
    expect((await audit('access.refused')).some((r) => r.username === 'betrachter')).toBe(true);
    const outside = await call(station6, '/api/maintenance/machine-lifecycle/entry', entry);
    expect(outside.status).toBe(403);
    expect((await audit('maintenance.lifecycle.create.refused')).at(0)).toMatchObject({
      username: 'wartung6',
    });
    expect(await lifecycle()).toEqual(before);
  });

  it('bulk-saves life-cycle entries with an audit row per change, old → new', async () => {
    const [a, b] = await lifecycle();
    const saved = await json<LifecycleBulkSaveReply>(admin, '/api/maintenance/machine-lifecycle', {
      entriesToCreate: [
        { pvRef: pump1, maintenanceTimestamp: '2025-06-10T07:00:00Z', text: 'Ölwechsel', kind: 'Wartung' },
      ],
      entriesToUpdate: [{ ...a!, text: 'Lager und Dichtung getauscht' }],
      idsToDelete: [b!.id],
    });
    expect(saved).toMatchObject({
      status: 'Success',
      deletedIds: [b!.id],
      updated: [{ id: a!.id }],
      created: [{ text: 'Ölwechsel' }],
    });
    const update = (await audit('maintenance.lifecycle.update')).at(0)!;
    expect(JSON.parse(update.old_value!)).toMatchObject({ text: a!.text });
    expect(JSON.parse(update.new_value!)).toMatchObject({ text: 'Lager und Dichtung getauscht' });
    expect(JSON.parse((await audit('maintenance.lifecycle.delete')).at(0)!.old_value!)).toMatchObject({
      text: b!.text,
    });
  });

  it('refuses a bulk save touching a PV outside the scope, or with bad or unknown entries, changing nothing', async () => {
    const before = await lifecycle();
    const target = before[0]!;
    const body = { entriesToCreate: [], entriesToUpdate: [], idsToDelete: [target.id] };
    const refused = await json<LifecycleBulkSaveReply>(station6, '/api/maintenance/machine-lifecycle', body);
    expect(refused).toMatchObject({ status: 'Unauthorized', created: [], deletedIds: [] });
    const row = (await audit('maintenance.lifecycle.save.refused')).at(0)!;
    expect(JSON.parse(row.detail!)).toMatchObject({ unauthorizedPvs: [pump1] });
    expect((await call(viewer, '/api/maintenance/machine-lifecycle', body)).status).toBe(403);
    const unknown = await json<LifecycleBulkSaveReply>(admin, '/api/maintenance/machine-lifecycle', {
      ...body,
      idsToDelete: [target.id, 987_654],
    });
    expect(unknown).toMatchObject({ status: 'Failed' });
    expect(unknown.errorMessage).toContain('987654');
    const empty = await json<LifecycleBulkSaveReply>(admin, '/api/maintenance/machine-lifecycle', {
      ...body,
      entriesToUpdate: [{ ...target, text: '' }],
    });
    expect(empty).toMatchObject({ status: 'Failed', errorMessage: 'Text darf nicht leer sein.' });
    expect(await lifecycle()).toEqual(before);
    const own = await json<LifecycleBulkSaveReply>(station6, '/api/maintenance/machine-lifecycle', {
      entriesToCreate: [
        { pvRef: pump6, maintenanceTimestamp: Date.UTC(2025, 0, 2), text: 'Inspektion', kind: 'Wartung' },
      ],
      entriesToUpdate: [],
      idsToDelete: [],
    });
    expect(own).toMatchObject({ status: 'Success', created: [{ user: 'wartung6' }] });
  });
});
