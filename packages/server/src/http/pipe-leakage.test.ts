import { pvKey, type PipeLeakageConfig, type Role } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/api-call.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { loginAsNewUser } from '../test-support/users.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';

type StationPipeLeakage = PipeLeakageConfig & { stationNr: number };

describe.each(BOTH_DIALECTS)("a station's pipe-leakage measurements on %s", (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  const list = async (who: LoggedIn, query = '') => {
    const reply = await callApi(server, who, 'GET', `/api/PipeLeakage/configs${query}`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as StationPipeLeakage[];
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
  });
  afterAll(() => server.close());

  it("names each measurement's station: the station of its flow PV", async () => {
    const all = await list(admin);
    const { plant, domain } = server.services;
    expect(all.map((m) => m.name).sort()).toEqual(
      domain.pipeLeakage
        .configs()
        .map((c) => c.name)
        .sort(),
    );
    const lindenberg = all.find((m) => m.name === 'Versorgungszone Lindenberg')!;
    expect(lindenberg.stationNr).toBe(plant.stationOf(plant.config('AnaIn-200060')!.pvRef));
    expect(pvKey(plant.config('AnaIn-200060')!.pvRef)).toBe('AnaIn-200060');
    const own = await list(admin, `?stationNr=${lindenberg.stationNr}`);
    expect(own.map((m) => m.pipeLeakageId)).toEqual([lindenberg.pipeLeakageId]);
    expect(own[0]).toMatchObject({ referenceValue: 40, measurementState: expect.any(String) });
  });

  it("shows a user only the measurements of stations the user's role may read", async () => {
    const created = await callApi(server, admin, 'POST', '/api/admin/roles', {
      name: 'Nur Wasserwerk',
      description: 'Station 1',
      rights: ['read'],
      scope: { allStations: false, stations: [1], pvGroups: [] },
    });
    const role = (await created.json()) as Role;
    const user = await loginAsNewUser(server, 'werk1', 'viewer');
    expect(
      (await callApi(server, admin, 'PUT', `/api/admin/users/${user.userId}/roles`, { roleIds: [role.id] }))
        .status,
    ).toBe(204);
    const seen = await list(user);
    expect(seen.every((m) => m.stationNr === 1)).toBe(true);
    const lindenberg = (await list(admin)).find((m) => m.name === 'Versorgungszone Lindenberg')!;
    expect(await list(user, `?stationNr=${lindenberg.stationNr}`)).toEqual([]);
  });

  it('refuses a malformed station number', async () => {
    for (const bad of ['?stationNr=-1', '?stationNr=abc', '?stationNr=1&x=2']) {
      expect((await callApi(server, admin, 'GET', `/api/PipeLeakage/configs${bad}`)).status, bad).toBe(400);
    }
  });
});
