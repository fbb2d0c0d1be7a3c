// The overview of a plant too big to put every station and value in the page
// (`leitwarte plant generate`, 120 stations × 40 PVs): only the tiles and the station cards in
// and near the view are rendered, each whole and live; scrolling brings the others, down to the
// last one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantDocument } from '../packages/server/src/sources/index';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const STATIONS = 120;
// Signals, one sump with two pumps (the key values) and measurements.
const PVS = 40;

describe('the overview of a big plant', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let plantDir: string;

  beforeAll(async () => {
    plantDir = await mkdtemp(path.join(tmpdir(), 'leitwarte-big-overview-'));
    const plantPath = path.join(plantDir, 'plant.json');
    await writeFile(
      plantPath,
      JSON.stringify(generatePlantDocument({ stations: STATIONS, pvsPerStation: PVS })),
    );
    server = await startAppServer({ config: { plantPath } });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    const login = new LoginPage(page);
    await login.open(server.url, '/login?returnUrl=%2Foverview');
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (plantDir) await rm(plantDir, { recursive: true, force: true });
  });

  /** The rendered cards: station number, whether all of its content fits, values shown. */
  const renderedCards = () =>
    page.$$eval('section[data-station]', (cards) =>
      cards.map((card) => ({
        station: Number(card.getAttribute('data-station')),
        fits: card.scrollHeight <= card.clientHeight + 1,
        rows: card.querySelectorAll('tbody tr').length,
        valued: card.querySelectorAll('[data-pv][data-quality]').length,
      })),
    );

  /** The rendered tiles: station number, whether all of its content fits, key values shown. */
  const renderedTiles = () =>
    page.$$eval('[data-station-tile]', (tiles) =>
      tiles.map((tile) => ({
        station: Number(tile.getAttribute('data-station-tile')),
        fits: tile.scrollHeight <= tile.clientHeight + 1,
        valued: tile.querySelectorAll('[data-pv][data-quality]').length,
      })),
    );

  it('shows the tiles in view, each whole with its live key values, and the last one at the end', async () => {
    await page.waitForFunction(
      () => {
        const tiles = [...document.querySelectorAll('[data-windowed-tiles] [data-station-tile]')];
        return (
          tiles.length > 0 &&
          tiles.every(
            (tile) =>
              tile.querySelector('[data-pv]:not([data-quality])') === null && tile.querySelector('[data-pv]'),
          )
        );
      },
      undefined,
      { timeout: 30_000 },
    );
    const tiles = await renderedTiles();
    expect(tiles.length).toBeLessThan(STATIONS / 2);
    for (const tile of tiles) {
      expect(tile.valued, `station ${tile.station}`).toBeGreaterThan(0);
      expect(tile.fits, `station ${tile.station} is cut`).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = Math.max(...server.services.plant.stations().map((s) => s.stationNumber));
    await page
      .locator(`[data-station-tile="${last}"] [data-pv][data-quality]`)
      .first()
      .waitFor({ timeout: 15_000 });
    expect((await renderedTiles()).some((t) => t.station === 1)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('renders the cards in view, each whole with all its live values', async () => {
    await page.locator('label', { hasText: 'Alle Werte' }).click();
    await page.waitForURL(/view=values/, { timeout: 15_000 });
    // Every rendered card full: its rows (counters and runtimes under their station, as the
    // PV tree places them), each with a value and its quality.
    await page.waitForFunction(
      (rows) => {
        const cards = [...document.querySelectorAll('[data-windowed-cards] section[data-station]')];
        return (
          cards.length > 0 &&
          cards.every((card) => card.querySelectorAll('tbody tr [data-pv][data-quality]').length === rows)
        );
      },
      PVS,
      { timeout: 30_000 },
    );
    const cards = await renderedCards();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(STATIONS / 4);
    for (const card of cards) {
      expect(card.rows, `station ${card.station}`).toBe(PVS);
      expect(card.valued, `station ${card.station}`).toBe(PVS);
      expect(card.fits, `station ${card.station} is cut`).toBe(true);
    }
    // The page is as tall as all cards together: the scroll bar shows the whole plant.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeGreaterThan(STATIONS * PVS * 34);
  });

  it('brings the last station into view when the operator scrolls to the end', async () => {
    await page.keyboard.press('End');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = Math.max(...server.services.plant.stations().map((s) => s.stationNumber));
    await page.locator(`section[data-station="${last}"] [data-pv][data-quality]`).first().waitFor({
      timeout: 15_000,
    });
    const cards = await renderedCards();
    expect(cards.some((c) => c.station === 1)).toBe(false);
    const lastCard = cards.find((c) => c.station === last);
    expect(lastCard?.fits).toBe(true);
    const box = await page.locator(`section[data-station="${last}"]`).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
  });
});
