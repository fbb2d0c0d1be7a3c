import type { PriorityOutputOptions, Station, StationCallReply } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('station calls on %s', (dialect) => {
  let server: TestServer;
  let operator: LoggedIn;
  let viewer: LoggedIn;
  let scoped: LoggedIn;
  let areaReader: LoggedIn;

  const call = async (who: LoggedIn, body: unknown) => {
    const reply = await fetch(`${server.url}/api/station/call`, {
      method: 'POST',
      headers: { cookie: who.cookie, 'x-csrf-token': who.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: reply.status, body: (await reply.json()) as StationCallReply };
  };
  const get = async <T>(who: LoggedIn, url: string) => {
    const reply = await fetch(`${server.url}${url}`, { headers: { cookie: who.cookie } });
    expect(reply.status, url).toBe(200);
    return (await reply.json()) as T;
  };
  const audit = async (action: string) =>
    (await server.services.store.audit.range(0, Date.now() + 1000, 10_000)).filter(
      (r) => r.action === action,
    );

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    operator = await loginAsNewUser(server, `op-${dialect}`, 'operator');
    viewer = await loginAsNewUser(server, `view-${dialect}`, 'viewer');
    await createTestRole(server, 'station1', ['read', 'dial', 'ackAlerts'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    scoped = await loginAsNewUser(server, `s1-${dialect}`, 'station1');
    // PV area 22 ("Behälter" of station 2) only: station 2 is readable through its PVs.
    await createTestRole(server, 'area22', ['read'], { allStations: false, stations: [], pvGroups: [22] });
    areaReader = await loginAsNewUser(server, `a22-${dialect}`, 'area22');
  });
  afterAll(() => server.close());

  it('dials stations and audits each call', async () => {
    const reply = await call(operator, { action: 'Status', stations: [1, 2] });
    expect(reply).toEqual({
      status: 200,
      body: { status: 'Success', missing: [], notCallable: [], unauthorized: [], errorMessage: null },
    });
    expect((await call(operator, { action: 'Connect', stations: [8] })).body.status).toBe('Success');
    const rows = await audit('station.call');
    expect(rows.map((r) => [r.object, r.new_value]).sort()).toEqual([
      ['Station 1', 'Status'],
      ['Station 2', 'Status'],
      ['Station 8', 'Connect'],
    ]);
  });

  it('lists stations that refuse the action as not callable', async () => {
    const reply = await call(operator, { action: 'Disconnect', stations: [1] });
    expect(reply.body).toMatchObject({ status: 'Failed', notCallable: [1], missing: [], unauthorized: [] });
    expect(reply.body.errorMessage).toMatch(/permanent/);
  });

  it('refuses the whole call for a missing or unauthorized station; nothing is dialed', async () => {
    const before = (await audit('station.call')).length;
    const missing = await call(operator, { action: 'Status', stations: [1, 999] });
    expect(missing.body).toMatchObject({ status: 'Failed', missing: [999], unauthorized: [] });
    const refused = await call(scoped, { action: 'Connect', stations: [1, 8] });
    expect(refused.body).toMatchObject({ status: 'Unauthorized', unauthorized: [8], missing: [] });
    expect(refused.body.errorMessage).toMatch(/8/);
    expect(await audit('station.call')).toHaveLength(before);
    const rows = await audit('station.call.refused');
    expect(rows.filter((r) => r.username === `s1-${dialect}`)).toHaveLength(1);
    expect((await call(scoped, { action: 'Status', stations: [1] })).body.status).toBe('Success');
  });

  it('refuses a viewer with 403 and malformed calls with 400', async () => {
    expect((await call(viewer, { action: 'Status', stations: [1] })).status).toBe(403);
    for (const body of [
      { action: 'Dial', stations: [1] },
      { action: 'Status', stations: [] },
      { action: 'Status' },
    ]) {
      expect((await call(operator, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('offers priority outputs of the stations and PV areas the user may acknowledge', async () => {
    const all = await get<PriorityOutputOptions>(operator, '/api/station/AckPriorityOutputOptions');
    expect(all.hasOptions).toBe(true);
    expect(all.stationOptions).toHaveLength(11);
    expect(all.optionsForStation[0]).toEqual({
      station: 1,
      pvGroups: [
        { id: 11, name: 'Pumpen' },
        { id: 12, name: 'Behälter' },
        { id: 13, name: 'Störungen' },
      ],
    });
    const mine = await get<PriorityOutputOptions>(scoped, '/api/station/AckPriorityOutputOptions');
    expect(mine.stationOptions).toEqual([{ station: 1, name: 'Wasserwerk Auheim' }]);
    expect(await get(viewer, '/api/station/AckPriorityOutputOptions')).toEqual({
      hasOptions: false,
      stationOptions: [],
      optionsForStation: [],
    });
  });

  it('lists only the stations the user may read, on the station or on one of its PVs', async () => {
    expect(await get<Station[]>(viewer, '/api/station/GetAllStations')).toHaveLength(11);
    const own = await get<Station[]>(scoped, '/api/station/GetAllStations');
    expect(own.map((s) => s.stationNumber)).toEqual([1]);
    const byArea = await get<Station[]>(areaReader, '/api/station/GetAllStations');
    expect(byArea.map((s) => s.stationNumber)).toEqual([2]);
  });
});
