import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import httpAuth from 'http-auth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { startStandIn, type StandIn } from '../../test-support/local-peers.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import type { CameraStatus } from './snapshot-cameras.js';
import { fetchSnapshot, type SnapshotSource } from './snapshot-fetch.js';
import { createWebcamService, type WebcamService } from './webcam-service.js';
import { resolveWebcamsContent, type SnapshotWebcam, type WebcamsContent } from './webcams-content.js';

const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({
  definition,
  source: createSimulator(definition, { seed: 3, rates: QUIET_RATES, autoTick: false }),
});
const jpeg = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
const source = (url: string, over: Partial<SnapshotSource> = {}): SnapshotSource => ({
  url,
  auth: null,
  timeoutMs: 2_000,
  maxBytes: 1_000_000,
  ...over,
});

/** A stand-in camera behind http-auth's own Digest (or Basic) check: an implementation not ours. */
async function protectedCamera(kind: 'basic' | 'digest', algorithm: 'MD5' | 'MD5-sess' = 'MD5') {
  const image = await jpeg();
  const realm = 'IP Camera';
  const md5 = createHash('md5').update(`admin:${realm}:K4mera-Pass`).digest('hex');
  const auth =
    kind === 'digest'
      ? httpAuth.digest({ realm, algorithm, file: () => `admin:${realm}:${md5}` })
      : httpAuth.basic({ realm, file: () => 'admin:K4mera-Pass' });
  const server = http.createServer(
    auth.check((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(image);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/snapshot.cgi?channel=1`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('snapshots of real cameras', () => {
  it.each([
    ['basic', 'MD5'],
    ['digest', 'MD5'],
    ['digest', 'MD5-sess'],
  ] as const)(
    'signs in with %s (%s) and takes the JPEG; a wrong password is refused',
    async (kind, algorithm) => {
      const camera = await protectedCamera(kind, algorithm);
      const auth = { type: kind, username: 'admin', password: 'K4mera-Pass' };
      const snapshot = await fetchSnapshot(source(camera.url, { auth }));
      expect(snapshot).toMatchObject({ format: 'jpeg', width: 320, height: 180 });
      await expect(
        fetchSnapshot(source(camera.url, { auth: { ...auth, password: 'wrong' } })),
      ).rejects.toThrow('Anmeldung abgelehnt (401)');
      await expect(fetchSnapshot(source(camera.url))).rejects.toThrow('Anmeldung abgelehnt (401)');
      await camera.close();
    },
  );

  it('checks the content, not the content type, and refuses large or slow answers', async () => {
    const image = await jpeg();
    let answer: 'html' | 'big' = 'html';
    const camera = await startStandIn(() => {
      if (answer === 'html')
        return { status: 200, body: '<html>login</html>', headers: { 'content-type': 'image/jpeg' } };
      return { status: 200, body: Buffer.concat([image, Buffer.alloc(2_000_000)]) };
    });
    await expect(fetchSnapshot(source(camera.url))).rejects.toThrow('Antwort ist kein JPEG- oder PNG-Bild');
    answer = 'big';
    await expect(fetchSnapshot(source(camera.url))).rejects.toThrow(/Bild zu groß/);
    await camera.close();
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/snap.jpg`;
    await expect(fetchSnapshot(source(url, { timeoutMs: 300 }))).rejects.toThrow('Zeitüberschreitung');
    silent.closeAllConnections();
    silent.close();
    await expect(fetchSnapshot(source(url))).rejects.toThrow(/nicht erreichbar/);
  });
});

describe.each(BOTH_DIALECTS)('real cameras in the archive on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let camera: StandIn;
  let webcams: WebcamService;
  let up = true;
  let clock = Date.UTC(2025, 5, 10, 12);
  const statuses: [string, CameraStatus['status']][] = [];

  beforeAll(async () => {
    const image = await jpeg();
    camera = await startStandIn(() => (up ? { status: 200, body: image } : { status: 503, body: 'busy' }));
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    const content: WebcamsContent = {
      format: 'leitwarte-webcams/1',
      intervalMinutes: 5,
      retentionDays: 7,
      backfillHours: 0,
      webcams: [
        {
          id: 7,
          name: 'Kläranlage Einlauf',
          station: 11,
          snapshot: { url: `${camera.url}/snapshot.jpg`, intervalSeconds: 5 },
          retentionDays: 1,
        },
      ],
    };
    webcams = createWebcamService({
      ...resolveWebcamsContent(content, plant),
      store,
      plant,
      dataDir: database.dataDir,
      timeZone: 'Europe/Berlin',
      now: () => clock,
      onStatus: (cam: SnapshotWebcam, status) => statuses.push([cam.name, status.status]),
    });
  });
  afterAll(async () => {
    await webcams.stop();
    await camera.close();
    await store.close();
    await database.drop();
  });

  it('stores each snapshot as a JPEG of the archive, and the camera is online', async () => {
    expect((await webcams.list(7))[0]).toMatchObject({
      source: 'http',
      status: 'unknown',
      intervalMinutes: 5 / 60,
    });
    const image = await webcams.fetchSnapshot(7);
    expect(image).toMatchObject({ webcamId: 7, at: clock, fileName: 'cam7-20250610-120000.jpg' });
    const read = await webcams.readImage(7, image!.fileName);
    expect(read?.contentType).toBe('image/jpeg');
    expect(read?.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(await webcams.availableImages(7, clock - 1, clock + 1)).toEqual([
      { fileName: image!.fileName, timestamp: clock },
    ]);
    expect((await webcams.list(7))[0]).toMatchObject({
      status: 'online',
      offlineSince: null,
      newestImage: { timestamp: clock },
    });
  });

  it('marks a camera that does not answer offline with the time of its last image, once', async () => {
    const last = clock;
    up = false;
    clock += 10_000;
    expect(await webcams.fetchSnapshot(7)).toBeNull();
    clock += 10_000;
    await webcams.fetchSnapshot(7);
    const [info] = await webcams.list(7);
    expect(info).toMatchObject({
      status: 'offline',
      offlineSince: last + 10_000,
      lastError: 'Kamera antwortete 503',
      newestImage: { timestamp: last },
    });
    up = true;
    clock += 10_000;
    await webcams.fetchSnapshot(7);
    expect((await webcams.list(7))[0]).toMatchObject({
      status: 'online',
      offlineSince: null,
      lastError: null,
    });
    expect(statuses).toEqual([
      ['Kläranlage Einlauf', 'online'],
      ['Kläranlage Einlauf', 'offline'],
      ['Kläranlage Einlauf', 'online'],
    ]);
  });

  it('keeps images for the camera retention only', async () => {
    const before = (await webcams.availableImages(7, 0, clock))!.length;
    expect(before).toBe(2);
    clock += 86_400_000 - 15_000;
    expect(await webcams.prune()).toBe(1);
    expect(await webcams.availableImages(7, 0, clock)).toHaveLength(1);
  });
});
