import type {
  AlarmNumbersForActivationReply,
  AlarmNumbersReply,
  CallNumbersReply,
  PlansReply,
  PlanToConfirm,
  RemoteAlertPlansReply,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('remote alert calls on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  /** Reads station 1 and edits and acknowledges its plans, nothing else. */
  let scoped: LoggedIn;
  const started = Date.now();

  const call = async <T>(who: LoggedIn, path: string, body?: unknown) => {
    const reply = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const plans = async (who: LoggedIn) =>
    (await call<RemoteAlertPlansReply>(who, '/api/RemoteAlert/alarmplans')).body.alarmPlans;
  const activeOf = async (station: number, planNumber: number) =>
    (await plans(admin)).find((p) => p.station === station && p.planNumber === planNumber)?.active;
  const auditActions = async () =>
    (await server.services.store.audit.range(started, Date.now() + 1000, 500)).map((r) => r.action);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'station-1', ['read', 'editPlans', 'ackPlans'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    scoped = await loginAsNewUser(server, 'wasserwerk', 'station-1');
  });
  afterAll(() => server.close());

  it('lists every plan with call numbers, categories and PV groups for the administrator', async () => {
    const { status, body } = await call<RemoteAlertPlansReply>(admin, '/api/RemoteAlert/alarmplans');
    expect(status).toBe(200);
    expect(body.alarmPlans).toHaveLength(20);
    expect(body.alarmPlans[0]).toMatchObject({ station: 1, planNumber: 1, planname: 'Bereitschaft Wasser' });
    expect(body.alarmPlans.every((p) => p.currentUserCanEdit)).toBe(true);
    expect(body.alarmCallnumbers.length).toBeGreaterThan(0);
    expect(body.categories.length).toBe(5);
    expect(body.pvGroups.length).toBeGreaterThan(1);
  });

  it('shows a station-scoped role only the plans and groups of its station', async () => {
    const { body } = await call<RemoteAlertPlansReply>(scoped, '/api/RemoteAlert/alarmplans');
    expect(body.alarmPlans.map((p) => [p.station, p.planNumber])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(body.alarmPlans.every((p) => p.currentUserCanEdit)).toBe(true);
    expect(body.pvGroups.every((g) => g.station === 1)).toBe(true);
    const activation = await call<AlarmNumbersForActivationReply>(
      scoped,
      '/api/RemoteAlert/alarmnumbers4activation',
    );
    expect(activation.body.plans.map((p) => p.plan.station)).toEqual([1, 1]);
    expect(activation.body.currentUserCanEdit).toBe(false);
    expect((await plans(viewer)).every((p) => !p.currentUserCanEdit)).toBe(true);
  });

  it('switches plans of its station and refuses (and audits) plans of other stations', async () => {
    const own = await call<PlansReply>(scoped, '/api/RemoteAlert', [
      { station: 1, planNumber: 2, active: false },
    ]);
    expect(own.body).toMatchObject({ status: 'Success', unauthorizedPlans: [] });
    expect(await activeOf(1, 2)).toBe(false);

    const mixed = [
      { station: 1, planNumber: 2, active: true },
      { station: 2, planNumber: 1, active: false },
    ];
    const refused = await call<PlansReply>(scoped, '/api/RemoteAlert', mixed);
    expect(refused.body.status).toBe('Unauthorized');
    expect(refused.body.unauthorizedPlans).toEqual([{ station: 2, planNumber: 1 }]);
    expect(await activeOf(1, 2)).toBe(false);
    expect(await activeOf(2, 1)).toBe(true);
    expect(await auditActions()).toContain('remoteAlarm.setPlanActive.refused');
  });

  it('refuses a viewer every write and changes nothing', async () => {
    const set = await call<PlansReply>(viewer, '/api/RemoteAlert', [
      { station: 3, planNumber: 1, active: false },
    ]);
    expect(set.body.status).toBe('Unauthorized');
    expect(await activeOf(3, 1)).toBe(true);
    const ack = await call<PlansReply>(viewer, '/api/RemoteAlert/ack-plans?ackNonSent=true', [
      { station: 3, planNumber: 1 },
    ]);
    expect(ack.body.status).toBe('Unauthorized');
    const numbers = await call<AlarmNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers');
    const first = numbers.body.alarmCallnumbers[0]!;
    const state = await call(viewer, '/api/RemoteAlert/setalarmnumbersstate', [
      { id: first.id, active: false },
    ]);
    expect(state.status).toBe(403);
    const save = await call(viewer, '/api/RemoteAlert/alarmnumbers', [{ ...first, name: 'Geändert' }]);
    expect(save.status).toBe(403);
    const after = await call<AlarmNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers');
    expect(after.body.alarmCallnumbers[0]).toEqual(first);
    const actions = await auditActions();
    expect(actions).toContain('remoteAlarm.ackPlan.refused');
    expect(actions).toContain('access.refused');
  });

  it('refuses unknown, repeated and malformed plans without changing anything', async () => {
    const unknown = await call<PlansReply>(admin, '/api/RemoteAlert', [
      { station: 4, planNumber: 1, active: false },
      { station: 4, planNumber: 9, active: false },
    ]);
    expect(unknown.body.status).toBe('Failed');
    expect(unknown.body.missingPlans).toEqual([{ station: 4, planNumber: 9 }]);
    const twice = await call<PlansReply>(admin, '/api/RemoteAlert', [
      { station: 4, planNumber: 1, active: false },
      { station: 4, planNumber: 1, active: true },
    ]);
    expect(twice.body.status).toBe('Failed');
    expect(await activeOf(4, 1)).toBe(true);
    for (const body of [
      {},
      [{ station: 4, planNumber: 1 }],
      [{ station: 4, planNumber: 1, active: 'vielleicht' }],
      [{ station: 0, planNumber: 1, active: false }],
      Array.from({ length: 1025 }, (_, i) => ({ station: 4, planNumber: i + 1, active: false })),
    ]) {
      expect((await call(admin, '/api/RemoteAlert', body)).status, JSON.stringify(body).slice(0, 80)).toBe(
        400,
      );
    }
    expect((await call(admin, '/api/RemoteAlert/ack-plans', [{ station: 4, planNumber: 1 }])).status).toBe(
      400,
    );
    expect(await activeOf(4, 1)).toBe(true);
  });

  it('lists plans to confirm and acknowledges them', async () => {
    const alerting = await server.services.domain.remoteAlarm.onAlarm(1, 1);
    expect(alerting).toContainEqual({ station: 1, planNumber: 1 });
    const waiting = await call<PlanToConfirm[]>(scoped, '/api/RemoteAlert/alarmplanstoconfirm');
    expect(waiting.body.map((p) => p.station)).toContain(1);
    expect(waiting.body.every((p) => p.station === 1)).toBe(true);
    const ack = await call<PlansReply>(scoped, '/api/RemoteAlert/ack-plans?ackNonSent=true', [
      { station: 1, planNumber: 1 },
    ]);
    expect(ack.body.status).toBe('Success');
    const after = await call<PlanToConfirm[]>(admin, '/api/RemoteAlert/alarmplanstoconfirm');
    expect(after.body.find((p) => p.station === 1 && p.planNumber === 1)).toBeUndefined();
    expect(await auditActions()).toContain('remoteAlarm.ackPlan');
  });

  it('saves call numbers and their states, validated and audited', async () => {
    const before = (await call<AlarmNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers')).body;
    expect(before.currentUserCanEdit).toBe(true);
    const fresh = { name: 'Rufbereitschaft Elektro', number: '0171-5550101', active: true, categoryId: 3 };
    const saved = await call<CallNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers', [fresh]);
    expect(saved.body.status).toBe('Success');
    const created = saved.body.callNumbers.find((n) => n.name === fresh.name)!;
    expect(created).toMatchObject({ active: true, categoryId: 3 });

    const bad = await call<CallNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers', [
      { ...fresh, number: 'keine Nummer' },
    ]);
    expect(bad.body.status).toBe('Failed');
    const state = await call<CallNumbersReply>(admin, '/api/RemoteAlert/setalarmnumbersstate', [
      { id: created.id, active: false },
    ]);
    expect(state.body.status).toBe('Success');
    const unknown = await call<CallNumbersReply>(admin, '/api/RemoteAlert/setalarmnumbersstate', [
      { id: 99999, active: false },
    ]);
    expect(unknown.body.status).toBe('Failed');
    expect((await call(admin, '/api/RemoteAlert/setalarmnumbersstate', [{ id: 'x' }])).status).toBe(400);
    const after = (await call<AlarmNumbersReply>(admin, '/api/RemoteAlert/alarmnumbers')).body;
    expect(after.alarmCallnumbers).toHaveLength(before.alarmCallnumbers.length + 1);
    expect(after.alarmCallnumbers.find((n) => n.id === created.id)?.active).toBe(false);
    const actions = await auditActions();
    expect(actions).toContain('remoteAlarm.saveCallNumber');
    expect(actions).toContain('remoteAlarm.setCallNumberState');
  });
});
