import {
  PV_TYPES,
  PV_VALUE_TYPES,
  type PvAllItem,
  type PvConfigsReply,
  type PvNode,
  type Station,
} from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

describe.each(BOTH_DIALECTS)('PV and station reads on %s', (dialect) => {
  let server: TestServer;
  let cookie: string;
  let csrfToken: string;

  const get = async <T>(path: string): Promise<T> => {
    const reply = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };
  const postConfigs = (body: unknown) =>
    fetch(`${server.url}/api/Pv/configs`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    ({ cookie, csrfToken } = await server.loginWithToken());
  });
  afterAll(() => server.close());

  it('lists every PV of the demo plant with its config, covering every PV type and value kind', async () => {
    const items = await get<PvAllItem[]>('/api/Pv/all');
    expect(items.length).toBe(server.services.plant.pvConfigs().length);
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((i) => i.config.pvRef.type))).toEqual(new Set(PV_TYPES));
    expect(new Set(items.map((i) => i.config.valueType))).toEqual(new Set(PV_VALUE_TYPES));
    const withValue = items.filter((i) => i.value !== null);
    expect(withValue.length).toBeGreaterThan(items.length / 2);
    for (const item of withValue) expect(item.value!.pvRef).toEqual(item.config.pvRef);
  });

  it('serves the PV tree by station and subtype', async () => {
    const nodes = await get<PvNode[]>('/api/Pv/getallpvnodes');
    expect(nodes.length).toBeGreaterThanOrEqual(10);
    const count = nodes.reduce((n, node) => n + node.groups.reduce((m, g) => m + g.pvs.length, 0), 0);
    expect(count).toBe(server.services.plant.pvConfigs().length);
    for (const node of nodes) {
      for (const group of node.groups)
        for (const pv of group.pvs) expect(pv.stationNumber).toBe(node.stationNumber);
    }
  });

  it("serves one station's node of the PV tree, and refuses a station number that is not one", async () => {
    const all = await get<PvNode[]>('/api/Pv/getallpvnodes');
    const second = all[1]!;
    expect(await get<PvNode[]>(`/api/Pv/getallpvnodes?stationNr=${second.stationNumber}`)).toEqual([second]);
    expect(await get<PvNode[]>('/api/Pv/getallpvnodes?stationNr=987654')).toEqual([]);
    for (const bad of ['x', '-1', '1.5']) {
      const reply = await fetch(`${server.url}/api/Pv/getallpvnodes?stationNr=${bad}`, {
        headers: { cookie },
      });
      expect(reply.status, bad).toBe(400);
    }
  });

  it('answers configs for a PV list and names the missing ones', async () => {
    const [first, second] = server.services.plant.pvConfigs();
    const missing = { type: 'AnaIn', nr: 99_999_999 };
    const reply = await postConfigs([first!.pvRef, second!.pvRef, missing]);
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as PvConfigsReply;
    expect(body.configs.map((c) => c.pvRef)).toEqual([first!.pvRef, second!.pvRef]);
    expect(body.missingPvs).toEqual([missing]);
    expect(body.unauthorizedPvs).toEqual([]);
  });

  it('refuses malformed and oversized PV lists', async () => {
    for (const body of [{}, [{ type: 'Foo', nr: 1 }], [{ type: 'AnaIn', nr: -1 }], [{ type: 'AnaIn' }]]) {
      expect((await postConfigs(body)).status, JSON.stringify(body)).toBe(400);
    }
    const tooMany = Array.from({ length: 1025 }, (_, i) => ({ type: 'AnaIn', nr: 100000 + i }));
    expect((await postConfigs(tooMany)).status).toBe(400);
  });

  it('lists all stations with dial state, counters and locations', async () => {
    const stations = await get<Station[]>('/api/station/GetAllStations');
    expect(stations.length).toBeGreaterThanOrEqual(10);
    expect(new Set(stations.map((s) => s.stationNumber)).size).toBe(stations.length);
    for (const station of stations) {
      expect(station.hasGeoLocation).toBe(station.location !== null);
      expect(station.dialCounters.mobileNetworkStandard).not.toBe('');
    }
  });
});
