import type { RuebConfig, RuebEvent, SebamConfig } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuebEventRepository } from '../store/reports/index.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

describe.each(BOTH_DIALECTS)('protocol and system configs on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  /** Reads station 9 (RÜB Talheim) only. */
  let scoped: LoggedIn;
  let noRights: LoggedIn;

  const get = async <T>(who: LoggedIn, path: string) => {
    const reply = await fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } });
    return { status: reply.status, body: (await reply.json()) as T };
  };
  const events = async (who: LoggedIn, station: number, year: number, month: number) =>
    (await get<RuebEvent[]>(who, `/api/RuebProtocol/ruebevents/${station}/${year}/${month}`)).body;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    await createTestRole(server, 'station-9', ['read'], { allStations: false, stations: [9], pvGroups: [] });
    scoped = await loginAsNewUser(server, 'talheim', 'station-9');
    await createTestRole(server, 'nothing', []);
    noRights = await loginAsNewUser(server, 'niemand', 'nothing');
    // Past overflow events of both basins: June 2020 at Talheim (9) and Auheim (10), March 2020 at Talheim.
    const repo = createRuebEventRepository(server.services.store.db);
    for (const [basinId, stationNr, start] of [
      ['rueb-th', 9, Date.UTC(2020, 5, 15, 10)],
      ['rueb-au', 10, Date.UTC(2020, 5, 16, 10)],
      ['rueb-th', 9, Date.UTC(2020, 2, 10, 10)],
    ] as const) {
      const opened = await repo.open({ basinId, stationNr, start, maxLevel: 4.2 });
      await repo.update(opened.id, { end: start + 3_600_000, overflowVolume: 120, maxLevel: 4.4 });
    }
  });
  afterAll(() => server.close());

  it('lists the basins and Sebam configs of the readable stations', async () => {
    const all = await get<RuebConfig[]>(admin, '/api/RuebProtocol/ruebconfigs');
    expect(all.status).toBe(200);
    expect(all.body.map((c) => c.stationNr)).toEqual([9, 10]);
    const mine = await get<RuebConfig[]>(scoped, '/api/RuebProtocol/ruebconfigs');
    expect(mine.body.map((c) => c.id)).toEqual(['rueb-th']);
    const sebam = await get<SebamConfig[]>(admin, '/api/Sebam/configs');
    expect(sebam.body.length).toBeGreaterThan(0);
    expect((await get<SebamConfig[]>(scoped, '/api/Sebam/configs')).body).toEqual(
      sebam.body.filter((c) => c.stationNr === 9),
    );
  });

  it('answers events by station, year and month (0: the whole year; -1: all stations)', async () => {
    const june = await events(admin, -1, 2020, 6);
    expect(june.map((e) => e.stationNr).sort()).toEqual([10, 9].sort());
    expect(june[0]).toMatchObject({ overflowVolume: 120, maxLevel: 4.4, duration: 3600 });
    expect(await events(admin, 9, 2020, 0)).toHaveLength(2);
    expect(await events(admin, 9, 2020, 3)).toHaveLength(1);
    expect(await events(admin, 10, 2021, 0)).toEqual([]);
  });

  it('leaves out the events of unreadable stations', async () => {
    expect((await events(scoped, -1, 2020, 6)).map((e) => e.stationNr)).toEqual([9]);
    expect(await events(scoped, 10, 2020, 6)).toEqual([]);
  });

  it('refuses malformed station, year and month', async () => {
    for (const path of [
      '0/2020/6',
      'x/2020/6',
      '9/1969/6',
      '9/2020/13',
      '9/2020/-1',
      '-2/2020/6',
      '9/2020/1.5',
    ]) {
      expect((await get(admin, `/api/RuebProtocol/ruebevents/${path}`)).status, path).toBe(400);
    }
    expect((await get(admin, '/api/RuebProtocol/ruebevents/9/2020')).status).toBe(404);
  });

  it('refuses a user without the read right', async () => {
    for (const path of [
      '/api/RuebProtocol/ruebconfigs',
      '/api/Sebam/configs',
      '/api/RuebProtocol/ruebevents/9/2020/6',
    ]) {
      expect((await get(noRights, path)).status, path).toBe(403);
    }
  });
});
