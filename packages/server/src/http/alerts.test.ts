import {
  NO_ACK_RIGHTS_MESSAGE,
  type AckAlertsReply,
  type Alert,
  type AlertsReply,
  type PvRef,
} from '@leitwarte/core';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { callApi, replyJson } from '../test-support/api-call.js';

describe.each(BOTH_DIALECTS)('alert calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  /** Reads, acknowledges and deletes in station A only. */
  let scoped: LoggedIn;
  let pvA: PvRef;
  let pvB: PvRef;
  let stationA: number;
  const t0 = Date.now() - 1000;
  let seq = 0;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const json = replyJson;
  const range = () => `start=${t0}&end=${Date.now() + 1000}`;
  /**
   * A range that ends now, once every alert that came before its end is stored: the simulator
   * keeps raising alerts, and requests compared with each other must see the same archive.
   */
  const settledRange = async () => {
    // A millisecond behind now: an alert stored in the current millisecond may still be on its way.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const end = Date.now() - 1;
    await server.services.domain.alerts.flush();
    return { end, query: `start=${t0}&end=${end}` };
  };
  /** Raises an alert on a PV (or on a station alone) through the alert engine; returns it. */
  const raise = async (pv: PvRef | null, station: number): Promise<Alert> => {
    const engine = server.services.domain.alerts;
    const source = `route-test/${(seq += 1)}`;
    engine.condition({
      kind: 'raise',
      acknowledgedInField: false,
      info: {
        source,
        bindingKind: pv ? 'device' : 'stationConnection',
        bindingKey: pv ? `${pv.type}-${pv.nr}` : String(station),
        pv,
        station,
        limitType: null,
        priority: 2,
        message: `Meldung ${seq}`,
        description: 'Prüfmeldung',
        value: 1,
        limit: null,
      },
    });
    await engine.flush();
    const alert = engine.openAlerts().find((a) => a.source === source);
    if (!alert) throw new Error('alert not raised');
    return alert;
  };
  const closeAlert = async (alert: Alert) => {
    server.services.domain.alerts.condition({ kind: 'clear', source: alert.source });
    await server.services.domain.alerts.flush();
  };
  const stored = async (id: number) => (await server.services.domain.alerts.byIds([id]))[0];
  const audit = async (action: string) =>
    (await server.services.store.audit.range(t0, Date.now() + 1000, 1000)).filter((r) => r.action === action);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    const { plant } = server.services;
    const analog = plant.pvConfigs().filter((c) => c.pvRef.type === 'AnaIn');
    pvA = analog[0]!.pvRef;
    stationA = plant.stationOf(pvA)!;
    pvB = analog.find((c) => plant.stationOf(c.pvRef) !== stationA)!.pvRef;
    await createTestRole(server, 'station-a-alerts', ['read', 'ackAlerts', 'deleteAlerts'], {
      allStations: false,
      stations: [stationA],
      pvGroups: [],
    });
    viewer = await loginAsNewUser(server, 'alert-viewer', 'viewer');
    scoped = await loginAsNewUser(server, 'alert-scoped', 'station-a-alerts');
  });
  afterAll(() => server.close());

  it('lists alerts newest first with the total, limited, filtered to what the user may read', async () => {
    const a1 = await raise(pvA, stationA);
    const b1 = await raise(pvB, server.services.plant.stationOf(pvB)!);
    const s1 = await raise(null, stationA);
    const settled = await settledRange();
    const all = await json<AlertsReply>(await call(admin, 'GET', `/api/alerts?${settled.query}`));
    const ids = all.alerts.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([a1.id, b1.id, s1.id]));
    expect(all.alerts.every((a, i, l) => i === 0 || l[i - 1]!.comingAt >= a.comingAt)).toBe(true);
    expect(all.total).toBe(all.alerts.length);
    const one = await json<AlertsReply>(await call(admin, 'GET', `/api/alerts?${settled.query}&limit=1`));
    expect(one.alerts).toHaveLength(1);
    expect(one.total).toBe(all.total);

    const mine = await json<AlertsReply>(await call(scoped, 'GET', `/api/alerts?${settled.query}`));
    const mineIds = mine.alerts.map((a) => a.id);
    expect(mineIds).toEqual(expect.arrayContaining([a1.id, s1.id]));
    expect(mineIds).not.toContain(b1.id);
    expect(
      mine.alerts.every((a) => (a.pv ? server.services.plant.stationOf(a.pv) : a.station) === stationA),
    ).toBe(true);
    expect(mine.total).toBe(mine.alerts.length);
    const mineOne = await json<AlertsReply>(
      await call(scoped, 'GET', `/api/alerts?${settled.query}&limit=1`),
    );
    expect(mineOne.alerts.map((a) => a.id)).toEqual([mineIds[0]]);
    expect(mineOne.total).toBe(mine.total);

    // ISO times and the default range (the last 7 days) find them too.
    const iso = `start=${new Date(t0).toISOString()}&end=${new Date(settled.end).toISOString()}`;
    expect((await json<AlertsReply>(await call(admin, 'GET', `/api/alerts?${iso}`))).total).toBe(all.total);
    expect((await json<AlertsReply>(await call(admin, 'GET', '/api/alerts'))).total).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('lists the alerts of given PVs, leaving out PVs the user may not read', async () => {
    const a = await raise(pvA, stationA);
    const b = await raise(pvB, server.services.plant.stationOf(pvB)!);
    const byAdmin = await json<AlertsReply>(
      await call(admin, 'POST', `/api/alerts/bypvs?${range()}`, [pvA, pvB]),
    );
    expect(byAdmin.alerts.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(byAdmin.alerts.every((x) => x.pv?.nr === pvA.nr || x.pv?.nr === pvB.nr)).toBe(true);
    const byScoped = await json<AlertsReply>(
      await call(scoped, 'POST', `/api/alerts/bypvs?${range()}`, [pvA, pvB]),
    );
    expect(byScoped.alerts.map((x) => x.id)).toContain(a.id);
    expect(byScoped.alerts.every((x) => x.pv?.nr === pvA.nr)).toBe(true);
    expect(byScoped.total).toBe(byScoped.alerts.length);
  });

  it('refuses bad ranges, limits and bodies', async () => {
    const later = Date.now();
    for (const query of [
      `start=${later}&end=${later - 1}`,
      'limit=0',
      'limit=100001',
      'limit=1.5',
      'limit=abc',
      'start=gestern',
      'end=-5',
      'start=2025-13-45',
    ]) {
      expect((await call(admin, 'GET', `/api/alerts?${query}`)).status, query).toBe(400);
    }
    for (const body of [{}, [{ type: 'Foo', nr: 1 }], 'x']) {
      expect((await call(admin, 'POST', `/api/alerts/bypvs?${range()}`, body)).status).toBe(400);
    }
    expect(
      (await call(admin, 'POST', `/api/alerts/bypvs?start=${later}&end=${later - 1}`, [pvA])).status,
    ).toBe(400);
  });

  it('acknowledges alerts once, audited; refuses malformed bodies without change', async () => {
    const a = await raise(pvA, stationA);
    for (const body of [{}, [{ id: 0 }], [{ id: 'x' }], [{}]]) {
      expect((await call(admin, 'POST', '/api/alerts/ack', body)).status).toBe(400);
    }
    expect((await stored(a.id))!.acknowledgedAt).toBeNull();
    const first = await json<AckAlertsReply>(await call(admin, 'POST', '/api/alerts/ack', [{ id: a.id }]));
    expect(first).toMatchObject({ status: 'Success', errorMessage: null });
    expect(first.acknowledged.map((x) => [x.id, x.acknowledgedBy])).toEqual([[a.id, 'admin']]);
    const again = await json<AckAlertsReply>(await call(admin, 'POST', '/api/alerts/ack', [{ id: a.id }]));
    expect(again).toEqual({ status: 'Success', errorMessage: null, acknowledged: [] });
    expect((await audit('alerts.acknowledge')).some((r) => r.object === `alerts ${a.id}`)).toBe(true);
  });

  it('refuses to acknowledge without the right on the alert: nothing changes, the attempt is audited', async () => {
    const a = await raise(pvA, stationA);
    const b = await raise(pvB, server.services.plant.stationOf(pvB)!);
    const asViewer = await json<AckAlertsReply>(
      await call(viewer, 'POST', '/api/alerts/ack', [{ id: a.id }]),
    );
    expect(asViewer).toEqual({
      status: 'Unauthorized',
      errorMessage: NO_ACK_RIGHTS_MESSAGE,
      acknowledged: [],
    });
    // All or none: one alert outside the scope refuses the whole list.
    const mixed = await json<AckAlertsReply>(
      await call(scoped, 'POST', '/api/alerts/ack', [{ id: a.id }, { id: b.id }]),
    );
    expect(mixed.status).toBe('Unauthorized');
    expect((await stored(a.id))!.acknowledgedAt).toBeNull();
    expect((await stored(b.id))!.acknowledgedAt).toBeNull();
    const rows = await audit('alerts.acknowledge.refused');
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['alert-viewer', 'alert-scoped']));
    expect(rows.find((r) => r.username === 'alert-scoped')!.object).toBe(`alerts ${b.id}`);
  });

  it('acknowledges all: refused without any right, else only the alerts in the user scope', async () => {
    const a = await raise(pvA, stationA);
    const b = await raise(pvB, server.services.plant.stationOf(pvB)!);
    const refused = await json<AckAlertsReply>(await call(viewer, 'POST', '/api/alerts/ack-all'));
    expect(refused).toEqual({
      status: 'Unauthorized',
      errorMessage: NO_ACK_RIGHTS_MESSAGE,
      acknowledged: [],
    });
    expect((await stored(a.id))!.acknowledgedAt).toBeNull();
    expect((await audit('alerts.acknowledgeAll.refused')).map((r) => r.username)).toContain('alert-viewer');

    const partial = await json<AckAlertsReply>(await call(scoped, 'POST', '/api/alerts/ack-all'));
    expect(partial.status).toBe('Success');
    const acked = partial.acknowledged.map((x) => x.id);
    expect(acked).toContain(a.id);
    expect(acked).not.toContain(b.id);
    expect((await stored(b.id))!.acknowledgedAt).toBeNull();
    const rest = await json<AckAlertsReply>(await call(admin, 'POST', '/api/alerts/ack-all'));
    expect(rest.acknowledged.map((x) => x.id)).toContain(b.id);
  });

  it('deletes closed alerts only; refuses without the right, nothing changed, audited', async () => {
    const a = await raise(pvA, stationA);
    const b = await raise(pvB, server.services.plant.stationOf(pvB)!);
    const open = await raise(pvA, stationA);
    for (const alert of [a, b]) await closeAlert(alert);
    await call(admin, 'POST', '/api/alerts/ack', [{ id: a.id }, { id: b.id }]);
    for (const body of [{}, [{ id: -1 }], 'x']) {
      expect((await call(admin, 'DELETE', '/api/alerts', body)).status).toBe(400);
    }
    expect((await call(viewer, 'DELETE', '/api/alerts', [{ id: a.id }])).status).toBe(403);
    expect((await audit('access.refused')).map((r) => r.username)).toContain('alert-viewer');
    expect((await call(scoped, 'DELETE', '/api/alerts', [{ id: a.id }, { id: b.id }])).status).toBe(403);
    expect((await audit('alerts.delete.refused')).map((r) => r.object)).toContain(`alerts ${b.id}`);
    expect(await stored(a.id)).toBeDefined();
    expect(await stored(b.id)).toBeDefined();

    const deleted = await json<{ id: number }[]>(
      await call(scoped, 'DELETE', '/api/alerts', [{ id: a.id }, { id: open.id }]),
    );
    expect(deleted).toEqual([{ id: a.id }]);
    expect(await stored(a.id)).toBeUndefined();
    expect(await stored(open.id)).toBeDefined();
    expect((await audit('alerts.delete')).map((r) => r.object)).toContain(`alerts ${a.id}`);
  });

  // The live channel does not depend on the store: one dialect suffices.
  if (dialect !== 'sqlite') return;
  it('announces an acknowledgement on /hubs/alert (official client)', async () => {
    const a = await raise(pvA, stationA);
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/hubs/alert`, { headers: { Cookie: admin.cookie } })
      .configureLogging(LogLevel.None)
      .build();
    const acked = new Promise<Alert>((resolve) =>
      connection.on('ackAlert', (alert: Alert) => {
        if (alert.id === a.id) resolve(alert);
      }),
    );
    try {
      await connection.start();
      await connection.invoke('SubscribeToAllAlerts');
      await call(admin, 'POST', '/api/alerts/ack', [{ id: a.id }]);
      expect((await acked).acknowledgedBy).toBe('admin');
    } finally {
      await connection.stop();
    }
  });
});
