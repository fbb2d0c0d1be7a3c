import type {
  LimitConfig,
  PriorityOutputAckReply,
  PvConfigsReply,
  PvRef,
  RuntimesReply,
  SetConfigReply,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const TEMPERATURE: PvRef = { type: 'AnaIn', nr: 100001 }; // −20 … 60 °C, limits Bottom 5 and Top 40
const STATION_2_ANAIN: PvRef = { type: 'AnaIn', nr: 200001 };
const PUMP: PvRef = { type: 'DigiIn', nr: 100020 }; // runtimes RechenWert-1020 and -1021
const HOURS: PvRef = { type: 'RechenWert', nr: 1020 };
const FAILURE: PvRef = { type: 'DigiIn', nr: 100021 }; // alert input, priority 2

describe.each(BOTH_DIALECTS)('PV config writes on %s', (dialect) => {
  let server: TestServer;
  let operator: LoggedIn;
  let viewer: LoggedIn;
  let maintenance: LoggedIn;
  let scoped: LoggedIn;

  const post = async <T>(who: LoggedIn, url: string, body?: unknown) => {
    const reply = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );
  const limits = (ref: PvRef) => server.services.domain.limits.limitsOf([ref]);
  const top = (ref: PvRef, limit: number, more: Partial<LimitConfig> = {}): LimitConfig => ({
    ...(limits(ref).find((l) => l.pvLimitRef.limitType === 'Top') as LimitConfig),
    limit,
    ...more,
  });

  /** A machine of station 4 and its first runtime. */
  const station4Runtime = () => {
    const machines = server.services.plant
      .pvConfigs()
      .filter((c) => c.pvRef.type === 'DigiIn' && server.services.plant.stationOf(c.pvRef) === 4)
      .map((c) => c.pvRef);
    return server.services.domain.runtimes.runtimes(machines).runtimeValues[0]!;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    operator = await loginAsNewUser(server, `op-${dialect}`, 'operator');
    viewer = await loginAsNewUser(server, `view-${dialect}`, 'viewer');
    maintenance = await loginAsNewUser(server, `mt-${dialect}`, 'maintenance');
    await createTestRole(server, 'station1', ['read', 'writeLimits', 'ackAlerts', 'editMaintenance'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    scoped = await loginAsNewUser(server, `s1-${dialect}`, 'station1');
  });
  afterAll(() => server.close());

  it('sets analog limits, refuses ones that break the rules and changes nothing then', async () => {
    const ok = await post<SetConfigReply>(operator, '/api/Pv/AnaIn/set-limits', [top(TEMPERATURE, 45)]);
    expect(ok.body.status).toBe('Success');
    expect(limits(TEMPERATURE).find((l) => l.pvLimitRef.limitType === 'Top')?.limit).toBe(45);
    const bad = await post<SetConfigReply>(operator, '/api/Pv/AnaIn/set-limits', [
      top(TEMPERATURE, 50, { priority: 10 }),
    ]);
    expect(bad.body).toMatchObject({
      status: 'Failed',
      errorMessage: 'Prioritäten müssen zwischen 0 und 9 liegen.',
    });
    const below = await post<SetConfigReply>(operator, '/api/Pv/AnaIn/set-limits', [top(TEMPERATURE, 2)]);
    expect(below.body.status).toBe('Failed');
    const delay = await post<SetConfigReply>(operator, '/api/Pv/AnaIn/set-limits', [
      top(TEMPERATURE, 50, { delayTime: 65536 }),
    ]);
    expect(delay.body.errorMessage).toBe('Verzögerungszeiten müssen zwischen 0 und 65535 liegen.');
    expect(limits(TEMPERATURE).find((l) => l.pvLimitRef.limitType === 'Top')?.limit).toBe(45);
    expect((await audit('limits.set.refused')).length).toBe(3);
  });

  it('refuses limits of another station to a role of one station, and limits to a viewer', async () => {
    const reply = await post<SetConfigReply>(scoped, '/api/Pv/AnaIn/set-limits', [
      top(TEMPERATURE, 41),
      top(STATION_2_ANAIN, 41),
    ]);
    expect(reply.body).toMatchObject({ status: 'Unauthorized', unauthorizedPvs: [STATION_2_ANAIN] });
    expect(limits(TEMPERATURE).find((l) => l.pvLimitRef.limitType === 'Top')?.limit).not.toBe(41);
    const refused = (await audit('limits.set.refused')).filter((r) => r.username === `s1-${dialect}`);
    expect(refused).toHaveLength(1);
    expect((await post(viewer, '/api/Pv/AnaIn/set-limits', [top(TEMPERATURE, 41)])).status).toBe(403);
  });

  it('sets the priority of a digital alert input; configs then carry it', async () => {
    expect(
      (await post<SetConfigReply>(operator, '/api/Pv/DigiIn/set-priorities', [{ pv: FAILURE, priority: 7 }]))
        .body.status,
    ).toBe('Success');
    const configs = await post<PvConfigsReply>(operator, '/api/Pv/configs', [FAILURE]);
    expect(configs.body.configs[0]?.alertInputConfig?.priority).toBe(7);
    const bad = await post<SetConfigReply>(operator, '/api/Pv/DigiIn/set-priorities', [
      { pv: FAILURE, priority: 10 },
    ]);
    expect(bad.body).toMatchObject({
      status: 'Failed',
      errorMessage: 'Prioritäten müssen zwischen 0 und 9 liegen.',
    });
    expect(server.services.domain.limits.digitalPriority(FAILURE)).toBe(7);
    expect((await audit('priority.set')).find((r) => r.object === 'DigiIn-100021')).toMatchObject({
      old_value: '2',
      new_value: '7',
    });
    expect((await audit('priority.set.refused')).length).toBe(1);
    expect(
      (await post(maintenance, '/api/Pv/DigiIn/set-priorities', [{ pv: FAILURE, priority: 1 }])).status,
    ).toBe(403);
  });

  it('reads runtimes of machines; PVs without runtimes or not readable are missing', async () => {
    const reply = await post<RuntimesReply>(viewer, '/api/Pv/runtimes', [PUMP, TEMPERATURE]);
    expect(reply.body.runtimeValues.map((r) => r.runtimePv)).toEqual([
      HOURS,
      { type: 'RechenWert', nr: 1021 },
    ]);
    expect(reply.body.missingPvs).toEqual([TEMPERATURE]);
    const station4 = station4Runtime();
    const scopedReply = await post<RuntimesReply>(scoped, '/api/Pv/runtimes', [PUMP, station4.pvRef]);
    expect(scopedReply.body.runtimeValues).toHaveLength(2);
    expect(scopedReply.body.missingPvs).toEqual([station4.pvRef]);
  });

  it('sets runtimes for maintenance staff; empty, negative and unauthorized ones are refused', async () => {
    const set = (who: LoggedIn, value: unknown, ref: PvRef = HOURS) =>
      post<{ status: string; errorMessage: string }>(who, '/api/Pv/set-runtimes', [{ pvRef: ref, value }]);
    expect((await set(maintenance, 100)).body.status).toBe('Success');
    const current = () => server.services.plant.values.get('RechenWert-1020');
    expect(current()).toMatchObject({ runtimeValue: { value: 100 } });
    expect((await set(maintenance, '')).body.errorMessage).toMatch('Wert darf nicht leer sein.');
    expect((await set(maintenance, -1)).body.errorMessage).toMatch('Wert darf nicht negativ sein.');
    expect((await set(operator, 5)).status).toBe(403);
    const station4Hours = station4Runtime().runtimePv;
    const other = await set(scoped, 5, station4Hours);
    expect(other.body).toMatchObject({ status: 'Unauthorized', unauthorizedPvs: [station4Hours] });
    expect(current()).toMatchObject({ runtimeValue: { value: 100 } });
    expect((await audit('runtime-set')).filter((r) => r.object === 'RechenWert-1020')).toHaveLength(1);
    expect((await audit('runtime-set.refused')).length).toBe(3);
  });

  it('acknowledges priority outputs of a station and PV area the user may acknowledge', async () => {
    const ack = (who: LoggedIn, station: number, pvGroup: number) =>
      post<PriorityOutputAckReply>(who, `/api/pv/PriorityOutputs/Ack?station=${station}&pvGroup=${pvGroup}`);
    expect((await ack(operator, 1, 13)).body).toMatchObject({ status: 'Success', errorMessage: null });
    expect((await ack(operator, 1, 99)).body.status).toBe('Failed');
    expect((await ack(scoped, 2, 23)).body).toMatchObject({ status: 'Unauthorized' });
    expect((await ack(scoped, 1, 13)).body.status).toBe('Success');
    expect((await ack(viewer, 1, 13)).status).toBe(403);
    expect((await ack(operator, -1, 13)).status).toBe(400);
    expect((await audit('priorityOutputs.acknowledge.refused')).length).toBe(2);
  });
});
