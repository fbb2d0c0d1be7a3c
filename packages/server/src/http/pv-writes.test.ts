import type { ProcessValue, PvRef, PvWriteReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { plantWithPendingFailure } from '../test-support/test-plant.js';

const SETPOINT: PvRef = { type: 'AnaOut', nr: 100010 }; // 0 … 4 m, station 1
const RELEASE: PvRef = { type: 'DigiOut', nr: 100020 }; // station 1
const TIME_SWITCH: PvRef = { type: 'AnaOut', nr: 100901 }; // 06:00 … 22:30
const STATION_2_SETPOINT: PvRef = { type: 'AnaOut', nr: 200010 };
const COUNTER: PvRef = { type: 'ZaehlWert', nr: 1020 }; // resetable, station 1
const FAILURE: PvRef = { type: 'DigiIn', nr: 100901 }; // pending failure, station 1

describe.each(BOTH_DIALECTS)('PV value writes on %s', (dialect) => {
  let server: TestServer;
  let plant: { remove: () => void };
  let admin: LoggedIn;
  let operator: LoggedIn;
  let viewer: LoggedIn;
  let maintenance: LoggedIn;
  let scoped: LoggedIn;

  const post = async (who: LoggedIn, url: string, body: unknown) => {
    const reply = await fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as PvWriteReply & { message?: string } };
  };
  const value = (ref: PvRef) => server.services.plant.values.get(`${ref.type}-${ref.nr}`) as ProcessValue;
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );
  const double = (ref: PvRef, doubleValue: unknown) => ({ pvRef: ref, type: 'DoubleValue', doubleValue });

  beforeAll(async () => {
    const made = plantWithPendingFailure();
    plant = made;
    server = await startTestServer({ dialect, config: { plantPath: made.file } });
    admin = await server.loginWithToken();
    operator = await loginAsNewUser(server, `op-${dialect}`, 'operator');
    viewer = await loginAsNewUser(server, `view-${dialect}`, 'viewer');
    maintenance = await loginAsNewUser(server, `mt-${dialect}`, 'maintenance');
    await createTestRole(server, 'station1', ['read', 'writeValues', 'ackAlerts'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    scoped = await loginAsNewUser(server, `s1-${dialect}`, 'station1');
  });
  afterAll(async () => {
    await server.close();
    plant.remove();
  });

  it('sets AnaOut and DigiOut values at once and audits old → new per PV', async () => {
    const before = value(SETPOINT);
    const reply = await post(operator, '/api/Pv', [
      double(SETPOINT, 2.5),
      { pvRef: RELEASE, type: 'BoolValue', boolValue: false },
      { pvRef: TIME_SWITCH, type: 'TimeOfDayValue', timeOfDayValue: { hour: 22, minutes: 30 } },
    ]);
    expect(reply).toEqual({
      status: 200,
      body: { status: 'Success', errorMessage: null, unauthorizedPvs: [], missingPvs: [] },
    });
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 2.5 });
    expect(value(RELEASE)).toMatchObject({ boolValue: false });
    expect(value(TIME_SWITCH)).toMatchObject({ timeOfDayValue: { hour: 22, minutes: 30 } });
    const rows = await audit('pv.write');
    expect(rows.find((r) => r.object === 'AnaOut-100010')).toMatchObject({
      username: `op-${dialect}`,
      old_value: String((before as { doubleValue: number }).doubleValue),
      new_value: '2.5',
    });
    expect(rows.find((r) => r.object === 'DigiOut-100020')).toMatchObject({
      old_value: 'true',
      new_value: 'false',
    });
    expect(rows.find((r) => r.object === 'AnaOut-100901')?.new_value).toBe('22:30');
  });

  it('refuses values outside the domain, of inputs, of the wrong kind or not finite; nothing changes', async () => {
    await post(operator, '/api/Pv', [double(SETPOINT, 1)]);
    const writes = (await audit('pv.write')).length;
    const refusals = (await audit('pv.write.refused')).length;
    const cases: [unknown[], RegExp][] = [
      [
        [{ pvRef: RELEASE, type: 'BoolValue', boolValue: true }, double(SETPOINT, 4.01)],
        /außerhalb des gültigen Bereichs \(0 bis 4\)/,
      ],
      [[double(SETPOINT, -0.1)], /außerhalb/],
      [[double(SETPOINT, 2), double({ type: 'AnaIn', nr: 100001 }, 3)], /nur Ausgänge/],
      [[double({ type: 'LaborWert', nr: 1901 }, 3)], /nur Ausgänge/],
      [[{ pvRef: SETPOINT, type: 'BoolValue', boolValue: true }], /erwartet DoubleValue/],
      [
        [{ pvRef: TIME_SWITCH, type: 'TimeOfDayValue', timeOfDayValue: { hour: 22, minutes: 31 } }],
        /22:31.*06:00 bis 22:30/,
      ],
      [
        [{ pvRef: TIME_SWITCH, type: 'TimeOfDayValue', timeOfDayValue: { hour: 5, minutes: 59 } }],
        /außerhalb/,
      ],
      [
        [{ pvRef: TIME_SWITCH, type: 'TimeOfDayValue', timeOfDayValue: { hour: 24, minutes: 0 } }],
        /Ungültige Uhrzeit/,
      ],
      [[double(SETPOINT, 2), double(SETPOINT, 3)], /mehrfach/],
    ];
    for (const [body, message] of cases) {
      const reply = await post(operator, '/api/Pv', body);
      expect(reply.body.status, JSON.stringify(body)).toBe('Failed');
      expect(reply.body.errorMessage).toMatch(message);
    }
    // 1e999 is Infinity once parsed: the body is refused before any route sees it.
    const infinite = await fetch(`${server.url}/api/Pv`, {
      method: 'POST',
      headers: {
        cookie: operator.cookie,
        'x-csrf-token': operator.csrfToken,
        'content-type': 'application/json',
      },
      body: '[{"pvRef":{"type":"AnaOut","nr":100010},"type":"DoubleValue","doubleValue":1e999}]',
    });
    expect(infinite.status).toBe(400);
    expect(await infinite.json()).toMatchObject({ message: expect.stringMatching(/finite/) });
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 1 });
    expect(value(TIME_SWITCH)).toMatchObject({ timeOfDayValue: { hour: 22, minutes: 30 } });
    expect(await audit('pv.write')).toHaveLength(writes);
    expect((await audit('pv.write.refused')).length).toBeGreaterThanOrEqual(refusals + cases.length);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of [
      [],
      {},
      [{ pvRef: SETPOINT, type: 'DoubleValue' }],
      [{ ...double(SETPOINT, 1), extra: 1 }],
    ]) {
      expect((await post(operator, '/api/Pv', body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('names missing PVs and changes none of the batch', async () => {
    await post(operator, '/api/Pv', [double(SETPOINT, 1)]);
    const missing: PvRef = { type: 'AnaOut', nr: 199_999 };
    const reply = await post(operator, '/api/Pv', [double(SETPOINT, 3), double(missing, 1)]);
    expect(reply.body).toMatchObject({ status: 'Failed', missingPvs: [missing], unauthorizedPvs: [] });
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 1 });
  });

  it('refuses a viewer with 403 and audits it', async () => {
    for (const url of ['/api/Pv', '/api/Pv/counters/reset', '/api/Pv/DigiIn/ack']) {
      const body = url === '/api/Pv' ? [double(SETPOINT, 3)] : [url.includes('ack') ? FAILURE : COUNTER];
      expect((await post(viewer, url, body)).status, url).toBe(403);
    }
    expect(value(SETPOINT)).not.toMatchObject({ doubleValue: 3 });
    expect((await audit('access.refused')).filter((r) => r.username === `view-${dialect}`)).toHaveLength(3);
    expect((await post(maintenance, '/api/Pv/DigiIn/ack', [FAILURE])).status).toBe(403);
  });

  it('refuses the whole batch for a role of one station when a PV of another is in it', async () => {
    await post(admin, '/api/Pv', [double(SETPOINT, 1), double(STATION_2_SETPOINT, 2)]);
    const reply = await post(scoped, '/api/Pv', [double(SETPOINT, 3), double(STATION_2_SETPOINT, 3)]);
    expect(reply.body).toMatchObject({
      status: 'Unauthorized',
      unauthorizedPvs: [STATION_2_SETPOINT],
      missingPvs: [],
    });
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 1 });
    expect(value(STATION_2_SETPOINT)).toMatchObject({ doubleValue: 2 });
    const refused = (await audit('pv.write.refused')).filter((r) => r.username === `s1-${dialect}`);
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]!.detail!)).toMatchObject({ unauthorizedPvs: ['AnaOut-200010'] });
    expect((await post(scoped, '/api/Pv', [double(SETPOINT, 3)])).body.status).toBe('Success');
    expect(value(SETPOINT)).toMatchObject({ doubleValue: 3 });
  });

  it('resets a resetable counter to 0, refuses what is no counter', async () => {
    const before = value(COUNTER) as Extract<ProcessValue, { type: 'CounterValue' }>;
    expect(before.counterValue.value).toBeGreaterThan(0);
    expect((await post(operator, '/api/Pv/counters/reset', [SETPOINT])).body).toMatchObject({
      status: 'Failed',
      errorMessage: expect.stringMatching(/kein Zähler/),
    });
    expect((await post(operator, '/api/Pv/counters/reset', [COUNTER])).body.status).toBe('Success');
    expect(value(COUNTER)).toMatchObject({ counterValue: { value: 0 } });
    const row = (await audit('pv.counterReset')).find((r) => r.object === 'ZaehlWert-1020');
    expect(row).toMatchObject({ old_value: String(before.counterValue.value), new_value: '0' });
  });

  it('acknowledges a pending failure input once; a second acknowledgement is refused', async () => {
    expect(value(FAILURE)).toMatchObject({ failureStateValue: 1 });
    expect((await post(operator, '/api/Pv/DigiIn/ack', [FAILURE, SETPOINT])).body).toMatchObject({
      status: 'Failed',
      errorMessage: expect.stringMatching(/kein Störeingang/),
    });
    expect(value(FAILURE)).toMatchObject({ failureStateValue: 1 });
    expect((await post(scoped, '/api/Pv/DigiIn/ack', [FAILURE])).body.status).toBe('Success');
    expect(value(FAILURE)).toMatchObject({ failureStateValue: 2 });
    expect((await audit('pv.ack')).find((r) => r.object === 'DigiIn-100901')).toMatchObject({
      username: `s1-${dialect}`,
      old_value: '1',
      new_value: '2',
    });
    expect((await post(operator, '/api/Pv/DigiIn/ack', [FAILURE])).body).toMatchObject({
      status: 'Failed',
      errorMessage: expect.stringMatching(/keine unquittierte Störung/),
    });
  });
});
