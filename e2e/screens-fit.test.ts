// Issue 20 "The screens that exist" and "Phone (390×844)", in Chromium: the archives fit a
// 1440 px screen and speak in words, and a phone reaches everything without sideways swiping.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN_PASSWORD,
  TEST_PLANT_USERS_PASSWORD,
  type TestServer,
} from '../packages/server/src/test-support/test-server';
import { AlertArchivePage } from './pages/alert-archive-page.js';
import { EventArchivePage } from './pages/event-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('screens at 1440 px and on a phone', () => {
  let server: TestServer;
  let browser: Browser;

  async function signedIn(
    viewport: { width: number; height: number },
    path: string,
    username = 'admin',
  ): Promise<Page> {
    const context = await browser.newContext({ locale: 'de-DE', viewport, hasTouch: viewport.width < 500 });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn(username, username === 'admin' ? TEST_ADMIN_PASSWORD : TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
    return page;
  }

  /** Elements matching `selector` whose text the box cuts, or that reach past the window. */
  const cutOrOutside = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((elements) =>
      elements
        .filter((e) => {
          const box = e.getBoundingClientRect();
          return e.scrollWidth > e.clientWidth + 1 || box.right > window.innerWidth + 0.5;
        })
        .map((e) => (e.textContent ?? '').trim()),
    );

  beforeAll(async () => {
    // A day of simulated history: alerts acknowledged by the operator, events of every day kind.
    server = await startAppServer({ config: { backfill: true, backfillDays: 1 } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('alert archive at 1440 px: state and acknowledgement in view, whole times, PVs by name and EKS', async () => {
    const page = await signedIn(DESKTOP, '/alerts');
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    await alerts.waitForRow('betrieb');
    const headers = page.locator('.data-list__head [role="columnheader"]');
    const names = await headers.allInnerTexts();
    for (const name of ['Zeit', 'Prozessvariable', 'Zustand', 'Quittiert von', 'Quittiert am'])
      expect(names.map((n) => n.trim())).toContain(name);
    expect(await cutOrOutside(page, '.data-list__head [role="columnheader"]')).toEqual([]);
    // The time cells (first after the selection box) and the state cells are whole.
    const timeCells = '.data-list__body-row > [role="gridcell"]:nth-child(2)';
    expect(await page.locator(timeCells).count()).toBeGreaterThan(5);
    expect(await cutOrOutside(page, timeCells)).toEqual([]);
    expect(await cutOrOutside(page, '[data-alert-state]')).toEqual([]);
    const rows = (await alerts.rowTexts()).map((cells) => cells.join(' | '));
    // PVs by their plant name with the EKS number, never by the type and number of the key.
    expect(rows.filter((row) => /\b(PlsObject|DigiIn|AnaIn)-\d+/.test(row))).toEqual([]);
    // EKS numbers as the plant writes them: station prefix, unit, item (01WW-RWB-CL01, 02HB-…).
    expect(rows.some((row) => /\b\d{2}[A-Z]{2,}-[A-Z0-9]+-[A-Z0-9]+/.test(row))).toBe(true);
    await page.context().close();
  });

  it('event archive: every event named in words, objects and changes readable', async () => {
    const page = await signedIn(DESKTOP, '/events');
    const events = new EventArchivePage(page);
    await page.waitForFunction(
      () => /\d{2}/.test(document.querySelector('[data-testid="events-summary"]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    const rows = await events.rowTexts();
    expect(rows.length).toBeGreaterThan(10);
    const kinds = rows.map((cells) => cells[2] ?? '');
    // No catalogue key or server spelling (alertEngineStarted, limits.set) where a name belongs.
    expect(kinds.filter((kind) => /^[a-z]+([A-Z.][a-zA-Z]*)+$/.test(kind))).toEqual([]);
    expect(kinds).toContain('Meldung gekommen');
    const texts = rows.map((cells) => cells.join(' | '));
    expect(texts.filter((text) => /user:|\{"|^alerts \d/.test(text))).toEqual([]);
    expect(texts.some((text) => text.includes('Benutzer betrieb') || text.includes('Benutzer admin'))).toBe(
      true,
    );
    await page.context().close();
  });

  it('a viewer gets no boxes to pick alerts he cannot act on', async () => {
    const page = await signedIn(DESKTOP, '/alerts', 'gast');
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    await alerts.noRightsText();
    await alerts.waitForRow('betrieb');
    expect(await alerts.grid.getByRole('checkbox').count()).toBe(0);
    await page.context().close();
  });

  it('role names in the language, a copy button for a generated password, no bare "/" in recent pages', async () => {
    const page = await signedIn(DESKTOP, '/admin/users');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.locator('[data-user="betrieb"]').waitFor({ timeout: 15_000 });
    const roles = await page.locator('[data-user] td:nth-child(3)').allInnerTexts();
    expect(roles.join(',')).toContain('Betrieb');
    expect(roles.join(',')).toContain('Nur lesen');
    expect(roles.filter((r) => /operator|viewer|maintenance/.test(r))).toEqual([]);

    await page.getByRole('button', { name: 'Benutzer anlegen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Benutzername/).fill('kopie.test');
    await dialog.getByLabel(/^Anzeigename/).fill('Kopie Test');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    const shown = (await page.getByTestId('shown-password').innerText()).trim();
    await page.getByRole('button', { name: 'Passwort kopieren' }).click();
    await page.getByRole('button', { name: 'Kopiert' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await page.keyboard.press('Escape');

    // "/" is the start dashboard; the recent list names pages, never the bare "/".
    await page.goto(`${server.url}/`);
    await page.locator('[data-dashboard]').first().waitFor({ timeout: 30_000 });
    await page.goto(`${server.url}/recent`);
    await page.getByTestId('recent-list').waitFor();
    expect(await page.locator('[data-testid="recent-list"] [data-path]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="recent-list"] [data-path="/"]').count()).toBe(0);
    await page.context().close();
  });

  it('phone header: alert count and connection in words, the rest in a menu with language and logout', async () => {
    const page = await signedIn(PHONE, '/overview');
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 20_000 });
    const header = page.locator('header');
    expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    const count = page.getByTestId('pending-alerts');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="pending-alerts"]')?.getAttribute('data-count') !== '',
    );
    expect((await count.innerText()).trim()).toMatch(/^\d+$/);
    expect(await cutOrOutside(page, 'header [data-testid="pending-alerts"] .mantine-Badge-label')).toEqual(
      [],
    );
    expect(await cutOrOutside(page, 'header [data-live-status] .mantine-Badge-label')).toEqual([]);
    // A channel the page starts later (alerts, stations) shows "Verbinde …" while it sets up;
    // the words of the connected state are read once every channel is connected.
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 20_000 });
    expect((await page.locator('[data-live-status]').innerText()).trim()).toBe('VERBUNDEN');
    // The desktop's language select and logout button are not in the header; the menu has them.
    expect(await page.getByRole('button', { name: 'Abmelden' }).isVisible()).toBe(false);
    await page.getByTestId('header-menu').click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Mein Konto' }).waitFor();
    expect(await page.getByTestId('header-menu-user').innerText()).toContain('Administrator');
    await menu.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor({ timeout: 10_000 });
    // Station cards need no sideways swiping.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('header-menu').click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/login'), { timeout: 20_000 });
    await page.context().close();
  });

  it('phone alert archive: cards with time, station, text and state; acknowledge from the card', async () => {
    const page = await signedIn(PHONE, '/alerts', 'betrieb');
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    const card = page.getByTestId('alert-card');
    await card.first().waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const first = card.first();
    const text = await first.innerText();
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    expect(text).toMatch(/Kommend|Gehend|Quittiert/);
    expect(await cutOrOutside(page, '[data-testid="alert-card"] .alert-card__time')).toEqual([]);
    expect(await first.locator('.alert-card__where').innerText()).not.toBe('');
    expect(await first.locator('.alert-card__message').innerText()).not.toBe('');
    // An alert not yet acknowledged: its card's button acknowledges it.
    const open = card.filter({ has: page.getByRole('button', { name: 'Quittieren' }) }).first();
    await open.waitFor({ timeout: 20_000 });
    const message = await open.locator('.alert-card__message').innerText();
    await open.getByRole('button', { name: 'Quittieren' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /1 Meldung quittiert\./ })
      .waitFor({ timeout: 15_000 });
    const done = card.filter({ hasText: message }).filter({ hasText: 'Quittiert von betrieb' });
    await done.first().waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('phone chart: the toolbar folds away and the chart is on the first screen', async () => {
    const page = await signedIn(PHONE, '/charts/live/1');
    const plot = page.locator('.uplot canvas').first();
    await plot.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('chart-tools').isVisible()).toBe(false);
    const box = await plot.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height / 2).toBeLessThan(PHONE.height);
    await page.getByTestId('chart-tools-toggle').click();
    await page.getByTestId('chart-export').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.context().close();
  });
});
