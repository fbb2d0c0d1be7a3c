import type { WebcamImageRef, WebcamInfo } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const FIVE_MINUTES = 300_000;

// calls §7 Webcam: list, available images, current image; read on the webcam's station.
describe('webcam routes', () => {
  let server: TestServer;
  let admin: LoggedIn;
  let station2: LoggedIn;
  const times: number[] = [];

  const get = (who: LoggedIn, path: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } });
  const json = async <T>(who: LoggedIn, path: string): Promise<T> => {
    const reply = await get(who, path);
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.loginWithToken();
    await createTestRole(server, 'Lindenberg', ['read'], { allStations: false, stations: [2], pvGroups: [] });
    station2 = await loginAsNewUser(server, 'lindenberg', 'Lindenberg');
    const base = Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES - 3 * FIVE_MINUTES;
    for (let i = 0; i < 3; i++) {
      times.push(base + i * FIVE_MINUTES);
      await server.services.domain.webcams!.capture(base + i * FIVE_MINUTES);
    }
  }, 60_000);
  afterAll(() => server.close());

  it('lists the webcams with their newest image', async () => {
    const cams = await json<WebcamInfo[]>(admin, '/api/webcam');
    expect(cams.map((c) => [c.id, c.stationNumber])).toEqual([
      [1, 9],
      [2, 2],
    ]);
    expect(cams[0]!.newestImage?.timestamp).toBe(times[2]);
    const one = await json<WebcamInfo[]>(admin, '/api/webcam/2');
    expect(one.map((c) => c.name)).toEqual(['Hochbehälter Lindenberg Zufahrt']);
    expect((await get(admin, '/api/webcam/77')).status).toBe(404);
  });

  it('lists the images of a range and steps to the next newer image', async () => {
    const all = await json<WebcamImageRef[]>(
      admin,
      `/api/webcam/1/available-images?from=${times[0]}&to=${times[2]}`,
    );
    expect(all.map((i) => i.timestamp)).toEqual(times);
    const iso = await json<WebcamImageRef[]>(
      admin,
      `/api/webcam/1/available-images?from=${new Date(times[1]!).toISOString()}&to=${times[2]}`,
    );
    expect(iso.map((i) => i.timestamp)).toEqual(times.slice(1));
    const newest = await json<WebcamImageRef>(admin, '/api/webcam/1/current');
    expect(newest.timestamp).toBe(times[2]);
    const next = await json<WebcamImageRef>(
      admin,
      `/api/webcam/1/current?currentFilename=${all[0]!.fileName}`,
    );
    expect(next).toEqual(all[1]);
    expect(
      await json<WebcamImageRef | null>(admin, `/api/webcam/1/current?currentFilename=${all[2]!.fileName}`),
    ).toBeNull();
    const image = await get(admin, `/api/webcam/1/images/${all[0]!.fileName}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await image.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('refuses bad ranges and file names of other webcams', async () => {
    for (const query of ['from=NaN&to=1', 'from=gestern&to=1', `from=${times[2]}&to=${times[0]}`]) {
      expect((await get(admin, `/api/webcam/1/available-images?${query}`)).status, query).toBe(400);
    }
    expect((await get(admin, '/api/webcam/1/available-images?from=1')).status).toBe(400);
    const [image] = await json<WebcamImageRef[]>(
      admin,
      `/api/webcam/2/available-images?from=${times[0]}&to=${times[0]}`,
    );
    expect((await get(admin, `/api/webcam/1/current?currentFilename=${image!.fileName}`)).status).toBe(400);
    expect((await get(admin, `/api/webcam/1/images/${image!.fileName}`)).status).toBe(404);
    expect((await get(admin, '/api/webcam/1/images/..%2F..%2Fstore.sqlite')).status).toBe(404);
  });

  it('shows a station role only the webcams of its stations and refuses the others with an audit row', async () => {
    const cams = await json<WebcamInfo[]>(station2, '/api/webcam');
    expect(cams.map((c) => c.id)).toEqual([2]);
    expect((await json<WebcamInfo[]>(station2, '/api/webcam/2')).length).toBe(1);
    for (const path of [
      '/api/webcam/1',
      `/api/webcam/1/available-images?from=${times[0]}&to=${times[2]}`,
      '/api/webcam/1/current',
    ]) {
      expect((await get(station2, path)).status, path).toBe(403);
    }
    const rows = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(rows.filter((r) => r.action === 'webcam.read.refused' && r.username === 'lindenberg').length).toBe(
      3,
    );
  });

  it('refuses calls without a session', async () => {
    expect((await fetch(`${server.url}/api/webcam`)).status).toBe(401);
  });
});
