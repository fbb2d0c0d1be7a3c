import { pvKey, type PvWriteReply, type SwitchingProgram } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('switching programs on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let station1: LoggedIn;
  let viewer: LoggedIn;

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
  const programs = async (who: LoggedIn, stationNr: number) => {
    const reply = await call(who, `/api/maintenance/switching-programs?stationNr=${stationNr}`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as SwitchingProgram[];
  };
  const writeTime = async (who: LoggedIn, key: string, hour: number, minutes: number) => {
    const [type, nr] = key.split('-');
    const reply = await call(who, '/api/Pv', [
      { pvRef: { type, nr: Number(nr) }, type: 'TimeOfDayValue', timeOfDayValue: { hour, minutes } },
    ]);
    return { status: reply.status, body: (await reply.json()) as PvWriteReply };
  };
  const timeOf = (key: string) => {
    const value = server.services.plant.values.get(key);
    return value?.type === 'TimeOfDayValue' ? value.timeOfDayValue : null;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Betrieb Wasserwerk', ['read', 'writeValues'], {
      allStations: false,
      stations: [1],
      pvGroups: [],
    });
    station1 = await loginAsNewUser(server, 'betrieb1', 'Betrieb Wasserwerk');
  });
  afterAll(() => server.close());

  it('lists the week of every machine, by station, and only of the stations the user may read', async () => {
    const all = await programs(admin, -1);
    expect(all.map((p) => `${p.stationNr}/${p.id}`)).toEqual([
      '1/ww-np1-programm',
      '1/ww-sp-programm',
      '11/ka-gb1-programm',
      '11/ka-schieber-programm',
    ]);
    expect((await programs(admin, 11)).map((p) => p.id)).toEqual(['ka-gb1-programm', 'ka-schieber-programm']);
    expect(await programs(admin, 6)).toEqual([]);
    const pump = all[0];
    expect(pump?.days.map((d) => d.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(pump?.days[0]?.points.map((p) => p.switch)).toEqual(['on', 'off']);
    expect((await programs(station1, -1)).map((p) => p.stationNr)).toEqual([1, 1]);
    expect(await programs(station1, 11)).toEqual([]);
    expect((await programs(viewer, -1)).length).toBe(4);
    expect((await call(admin, '/api/maintenance/switching-programs?stationNr=x')).status).toBe(400);
    expect((await call(admin, '/api/maintenance/switching-programs')).status).toBe(400);
  });

  it('a switching time of a program is written through the set-values call, checked and audited', async () => {
    const [pump] = await programs(station1, 1);
    const saturdayOn = pump?.days[5]?.points[0];
    expect(saturdayOn?.switch).toBe('on');
    const key = pvKey(saturdayOn?.pvRef ?? { type: 'AnaOut', nr: 0 });
    expect(timeOf(key)).toEqual({ hour: 7, minutes: 0 });
    const written = await writeTime(station1, key, 6, 45);
    expect(written.body.status).toBe('Success');
    expect(timeOf(key)).toEqual({ hour: 6, minutes: 45 });
    const audit = await server.services.store.audit.range(0, Date.now() + 1000, 10_000);
    expect(audit.find((a) => a.action === 'pv.write' && a.object === key)?.username).toBe('betrieb1');

    // The valve may only switch in the day shift (06:00-20:00 as hour*256+minutes).
    const [, valve] = await programs(admin, 11);
    const valveKey = pvKey(valve?.days[0]?.points[0]?.pvRef ?? { type: 'AnaOut', nr: 0 });
    const early = await writeTime(admin, valveKey, 5, 30);
    expect(early.body.status).not.toBe('Success');
    expect(timeOf(valveKey)).toEqual({ hour: 8, minutes: 0 });
    // Outside the user's stations and for viewers the write is refused.
    expect((await writeTime(station1, valveKey, 9, 0)).body.status).not.toBe('Success');
    expect((await writeTime(viewer, key, 9, 0)).status).toBe(403);
    expect(timeOf(key)).toEqual({ hour: 6, minutes: 45 });
  });
});
