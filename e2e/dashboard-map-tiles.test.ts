import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { argbToCss } from '@leitwarte/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../packages/server/src/config';
import { writePmtiles, type TestTile } from '../packages/server/src/test-support/map-tile-files';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

/** The demo overview's map widget: its map type and stations (dashboards.json). */
const MAP_TYPE = 'Hybrid';
const MAP_STATIONS = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11];
const MAX_ZOOM = 13;

/** The web map tile (x, y) a position lies in at zoom z. */
function tileOf(latitude: number, longitude: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const lat = (latitude * Math.PI) / 180;
  return {
    x: Math.floor(((longitude + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n),
  };
}

describe('dashboard map on tiles from a local PMTiles file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'map-tiles-e2e-'));
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let located: { stationNumber: number }[] = [];

  beforeAll(async () => {
    // First a server without tiles tells where the demo's stations are.
    const probe = await startAppServer();
    located = probe.services.plant
      .stations()
      .filter((s) => MAP_STATIONS.includes(s.stationNumber) && s.location !== null);
    const positions = probe.services.plant
      .stations()
      .flatMap((s) => (MAP_STATIONS.includes(s.stationNumber) && s.location ? [s.location] : []));
    await probe.close();

    // Tiles around the stations (one tile more on every side) at every zoom level up to MAX_ZOOM.
    const tiles: TestTile[] = [];
    for (let z = 0; z <= MAX_ZOOM; z++) {
      const corners = positions.map((p) => tileOf(p.latitude, p.longitude, z));
      const xs = corners.map((c) => c.x);
      const ys = corners.map((c) => c.y);
      const last = 2 ** z - 1;
      for (let x = Math.max(0, Math.min(...xs) - 1); x <= Math.min(last, Math.max(...xs) + 1); x++)
        for (let y = Math.max(0, Math.min(...ys) - 1); y <= Math.min(last, Math.max(...ys) + 1); y++)
          tiles.push({ z, x, y, rgb: [180 + (x % 2) * 30, 200 + (y % 2) * 30, 170 + (z % 3) * 20] });
    }
    const file = path.join(dir, 'hybrid.pmtiles');
    await writePmtiles(file, tiles);
    const { mapTiles } = loadConfig({ LEITWARTE_MAP_TILES: `${MAP_TYPE}=${file}` }, dir);
    server = await startAppServer({ config: { mapTiles } });

    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/')}`);
    await login.logIn('betrieb', TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the tiles the server serves from the file and a marker per located station', async () => {
    const map = page.locator(`[data-kind="GoogleMaps"] .map-widget--tiles[data-map-type="${MAP_TYPE}"]`);
    await map.waitFor({ timeout: 15_000 });
    await map.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 15_000 });
    const images = await map
      .locator('img.leaflet-tile-loaded')
      .evaluateAll((els) =>
        (els as HTMLImageElement[]).map((img) => ({ src: img.src, width: img.naturalWidth })),
      );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(new URL(image.src).pathname).toMatch(
        new RegExp(`^/api/dashboard/map-tiles/${MAP_TYPE}/\\d+/\\d+/\\d+$`),
      );
      expect(image.width).toBe(256);
    }
    // No schematic map in its place, and no tile that failed to load (a grey map).
    expect(await page.locator('[data-kind="GoogleMaps"] svg.map-widget').count()).toBe(0);
    expect(await map.locator('img.leaflet-tile:not(.leaflet-tile-loaded)').count()).toBe(0);

    const markers = map.locator('.map-marker--tile[data-station]');
    await markers.first().waitFor({ timeout: 15_000 });
    expect(located.length).toBeGreaterThan(1);
    expect(await markers.count()).toBe(located.length);
    const numbers = await markers.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('data-station'))),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual(located.map((s) => s.stationNumber).sort((a, b) => a - b));
    // Each marker shows the station's dial state; every one lies inside the map.
    const box = (await map.boundingBox())!;
    for (const marker of await markers.all()) {
      expect(await marker.locator('.map-pin').getAttribute('data-state')).toBeTruthy();
      const at = (await marker.boundingBox())!;
      expect(at.x + at.width / 2).toBeGreaterThanOrEqual(box.x);
      expect(at.x + at.width / 2).toBeLessThanOrEqual(box.x + box.width);
      expect(at.y + at.height / 2).toBeGreaterThanOrEqual(box.y);
      expect(at.y + at.height / 2).toBeLessThanOrEqual(box.y + box.height);
    }
  });

  it('rings a station with open alerts in the colour the system config gives their priority', async () => {
    const reply = await page.request.get(`${server.url}/api/SystemConfig`);
    const { priorities } = (await reply.json()) as { priorities: { priority: number; color: number }[] };
    const colours = new Map(priorities.map((p) => [p.priority, argbToCss(p.color)]));
    const ringed = page.locator('[data-kind="GoogleMaps"] .map-pin[data-alarm-priority]');
    // The demo plant has open alerts at some of the map's stations from its start.
    await ringed.first().waitFor({ timeout: 15_000 });
    for (const pin of await ringed.all()) {
      const priority = Number(await pin.getAttribute('data-alarm-priority'));
      const ring = await pin.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--map-pin-alarm'));
      expect(ring).toBe(colours.get(priority));
    }
  });

  it("opens a station's page with a click on its marker", async () => {
    const station = located[0]!.stationNumber;
    await page.locator(`[data-kind="GoogleMaps"] .map-marker--tile[data-station="${station}"]`).click();
    await page.waitForURL((url) => url.pathname === `/stations/${station}`, { timeout: 10_000 });
  });
});
