import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../packages/server/src/test-support/local-peers';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { WebcamPage, WebcamsPage } from './pages/webcam-pages.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';
import { REPO_ROOT } from './support/server-process.js';

/** The demo plant with one more camera: a real one, by its snapshot URL (a stand-in here). */
function plantWithSnapshotCamera(cameraUrl: string): { plantPath: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-e2e-plant-'));
  fs.cpSync(path.join(REPO_ROOT, 'packages/server/plants/demo'), dir, { recursive: true });
  const file = path.join(dir, 'webcams.json');
  const content = JSON.parse(fs.readFileSync(file, 'utf8')) as { webcams: unknown[] };
  content.webcams.push({
    id: 3,
    name: 'Kläranlage Einlauf Rechen',
    station: 11,
    snapshot: { url: `${cameraUrl}/cgi-bin/snapshot.jpg`, intervalSeconds: 5, timeoutSeconds: 2 },
  });
  fs.writeFileSync(file, JSON.stringify(content, null, 2));
  return { plantPath: path.join(dir, 'plant.json'), dir };
}

/** The plant's clock as the page shows times (de-DE, Europe/Berlin). */
const plantTime = (at: number) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(at);

describe('webcams in the browser', () => {
  let server: TestServer;
  let camera: StandIn;
  let browser: Browser;
  let plantDir: string;
  let cameraUp = true;

  const signIn = async (pathname: string) => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(pathname)}`);
    await login.logIn('betrieb', TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
    return { context, page };
  };

  beforeAll(async () => {
    const image = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#3a6b7a' } })
      .jpeg()
      .toBuffer();
    camera = await startStandIn(() =>
      cameraUp
        ? { status: 200, body: image, headers: { 'content-type': 'image/jpeg' } }
        : { status: 503, body: 'busy' },
    );
    const plant = plantWithSnapshotCamera(camera.url);
    plantDir = plant.dir;
    server = await startAppServer({ config: { plantPath: plant.plantPath } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await camera?.close();
    fs.rmSync(plantDir, { recursive: true, force: true });
  });

  it('steps through the archive of the last hour and plays it to its end', async () => {
    // The basin camera's images of the last hour, one every five minutes (taken by the server).
    const now = Math.floor(Date.now() / 1000) * 1000;
    const times = Array.from({ length: 12 }, (_, k) => now - (11 - k) * 300_000 - 60_000);
    for (const at of times) await server.services.domain.webcams?.capture(at);
    const images =
      (await server.services.domain.webcams?.availableImages(1, now - 3_600_000, now + 60_000)) ?? [];
    expect(images.length).toBeGreaterThanOrEqual(12);
    const newest = images.at(-1)!;
    const count = images.length;

    const { context, page } = await signIn('/webcams/1');
    const cam = new WebcamPage(page);
    await cam.open(server.url, 1);
    await cam.waitForImage(newest.fileName);
    expect(await cam.shown()).toEqual({
      fileName: newest.fileName,
      time: plantTime(newest.timestamp),
      position: `Bild ${count} von ${count}`,
    });

    await cam.previous();
    const previous = images.at(-2)!;
    await cam.waitForImage(previous.fileName);
    expect(await cam.shown()).toEqual({
      fileName: previous.fileName,
      time: plantTime(previous.timestamp),
      position: `Bild ${count - 1} von ${count}`,
    });
    await cam.first();
    await cam.waitForImage(images[0]!.fileName);
    expect((await cam.shown()).position).toBe(`Bild 1 von ${count}`);
    await cam.next();
    await cam.waitForImage(images[1]!.fileName);

    await cam.play(10);
    await cam.waitUntilStopped();
    expect(await cam.shown()).toMatchObject({
      fileName: newest.fileName,
      position: `Bild ${count} von ${count}`,
    });
    await context.close();
  });

  it("takes a real camera's snapshots into the archive and shows its outage", async () => {
    const list = await signIn('/webcams');
    const webcams = new WebcamsPage(list.page);
    await webcams.open(server.url);
    await webcams.waitForStatus(3, 'online');
    const stored = (await server.services.domain.webcams?.availableImages(3, 0, Date.now() + 1000)) ?? [];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored[0]?.fileName).toMatch(/^cam3-\d{8}-\d{6}\.jpg$/);

    const { context, page } = await signIn('/webcams/3');
    const cam = new WebcamPage(page);
    await cam.open(server.url, 3);
    const shown = await cam.shown();
    expect(shown.fileName).toMatch(/\.jpg$/);
    await cam.waitForImage(shown.fileName!);

    // The camera stops answering: both screens say so, with the time of its last image.
    cameraUp = false;
    await webcams.waitForStatus(3, 'offline');
    await page.locator('[data-camera-status="offline"]').waitFor({ timeout: 45_000 });
    expect(await cam.offlineText()).toMatch(
      /^Keine Verbindung seit \d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}:\d{2} \(Kamera antwortete 503\)$/,
    );
    const last = (await server.services.domain.webcams?.list(3))?.[0]?.newestImage;
    expect(await cam.lastImageText()).toBe(`Letztes Bild: ${plantTime(last!.timestamp)}`);
    // What it took before stays in the archive.
    await cam.waitForImage(last!.fileName);

    cameraUp = true;
    await webcams.waitForStatus(3, 'online');
    const events = await server.services.domain.controlEvents.query(0, Date.now() + 1000, 100);
    expect(events.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['webcamOffline', 'webcamOnline']),
    );
    await context.close();
    await list.context.close();
  });
});
