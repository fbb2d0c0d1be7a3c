import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { AppShell } from './pages/app-shell.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

/** A new browser context where the administrator logged in through the login page, on the overview. */
async function signedInPage(browser: Browser, server: TestServer, initScript?: () => void): Promise<Page> {
  const { context, page } = await newPage(browser);
  if (initScript) await context.addInitScript(initScript);
  const login = new LoginPage(page);
  await login.open(server.url);
  await login.logIn('admin', TEST_ADMIN_PASSWORD);
  await page.waitForURL(/\/overview/, { timeout: 15_000 });
  await new AppShell(page).navigation.waitFor({ timeout: 15_000 });
  return page;
}

describe('the shell around the screens', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let shell: AppShell;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    page = await signedInPage(browser, server);
    shell = new AppShell(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('navigates by the grouped menu and marks the current entry', async () => {
    await shell.navigateTo('Einstellungen', '/settings');
    await shell.waitForHeading('Einstellungen');
    await shell.waitForActiveNav('Einstellungen');
    await shell.navigateTo('Übersicht', '/overview');
    await shell.waitForActiveNav('Übersicht');
  });

  it('marks the current page as favorite and opens it from the favorites', async () => {
    await shell.navigateTo('Über diese Anlage', '/about');
    await shell.favoriteStar().click();
    await page.getByRole('button', { name: 'Favorit entfernen' }).waitFor({ timeout: 5_000 });

    await shell.navigateTo('Favoriten', '/favorites');
    expect(await shell.listEntries('favorites-list')).toEqual(['Über diese Anlage']);
    await page.getByTestId('favorites-list').getByRole('link', { name: 'Über diese Anlage' }).click();
    await page.waitForURL((url) => url.pathname === '/about', { timeout: 10_000 });
    await shell.waitForHeading('Über diese Anlage');
  });

  it('lists the recently visited pages, newest first, and removes one', async () => {
    await shell.navigateTo('Hilfe und Support', '/help');
    await shell.navigateTo('Zuletzt besucht', '/recent');
    const entries = await shell.listEntries('recent-list');
    expect(entries.slice(0, 3)).toEqual(['Hilfe und Support', 'Über diese Anlage', 'Favoriten']);
    expect(entries).toContain('Einstellungen');

    await page.getByRole('button', { name: 'Hilfe und Support entfernen' }).click();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="recent-list"] [data-path="/help"]'),
      undefined,
      { timeout: 5_000 },
    );
    expect((await shell.listEntries('recent-list'))[0]).toBe('Über diese Anlage');
  });

  it('switches the language in the settings without reloading the page', async () => {
    await shell.navigateTo('Einstellungen', '/settings');
    await shell.markDocument();
    await page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: 10_000 });
    await shell.waitForActiveNav('Settings');
    expect(await page.getByTestId('auto-logout-minutes').innerText()).toContain('15 minutes');
    expect(await shell.isSameDocument()).toBe(true);

    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('de');
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor({ timeout: 10_000 });
  });

  it('switches to the dark theme and remembers it over a reload', async () => {
    await shell.navigateTo('Einstellungen', '/settings');
    const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    expect(await scheme()).toBe('light');
    await page.getByText('Dunkel', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'dark');
    await page.reload();
    await shell.waitForHeading('Einstellungen');
    expect(await scheme()).toBe('dark');
    await page.getByText('Hell', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.mantineColorScheme === 'light');
  });

  it('shows the demo plant on the about page', async () => {
    await shell.navigateTo('Über diese Anlage', '/about');
    const table = page.getByTestId('plant-info');
    await table.waitFor({ timeout: 15_000 });
    const info = server.services.plant.info;
    expect(await table.locator('[data-field="name"] td').innerText()).toBe(info.name);
    expect(await table.locator('[data-field="id"] td').innerText()).toBe(info.id);
    expect(await table.locator('[data-field="operator"] td').innerText()).toBe(info.operator);
    expect(await table.locator('[data-field="productVersion"] td').innerText()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('turns fullscreen on and off from the header', async () => {
    await shell.fullscreenButton().click();
    await page.waitForFunction(() => document.fullscreenElement !== null, undefined, { timeout: 5_000 });
    await page.getByRole('button', { name: 'Vollbild beenden' }).click();
    await page.waitForFunction(() => document.fullscreenElement === null, undefined, { timeout: 5_000 });
  });

  it('says so when the browser does not allow fullscreen', async () => {
    const other = await signedInPage(browser, server, () =>
      Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }),
    );
    await new AppShell(other).fullscreenButton().click();
    const dialog = other.getByRole('dialog');
    await dialog.getByText('Der Vollbildmodus ist nicht möglich.').waitFor({ timeout: 5_000 });
    expect(await other.evaluate(() => document.fullscreenElement)).toBeNull();
    await other.context().close();
  });

  it('shows the QR code of the current page, readable as its address', async () => {
    await shell.navigateTo('Hilfe und Support', '/help');
    await shell.openQrMenu('QR-Code dieser Seite erstellen');
    const image = page.getByRole('img', { name: `QR-Code der Adresse ${server.url}/help` });
    await image.waitFor({ timeout: 10_000 });
    // Decode what the user sees: the image drawn onto a canvas, read back as pixels.
    const pixels = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 400;
      canvas.height = 400;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 400, 400);
      context.drawImage(img, 0, 0, 400, 400);
      return Array.from(context.getImageData(0, 0, 400, 400).data);
    });
    expect(jsQR(Uint8ClampedArray.from(pixels), 400, 400)?.data).toBe(`${server.url}/help`);
    await page.keyboard.press('Escape');
  });

  it('explains that the camera is not available for scanning', async () => {
    await shell.openQrMenu('QR-Code scannen');
    await page.getByTestId('camera-refused').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('camera-refused').innerText()).toContain('Kamera');
    await page.keyboard.press('Escape');
  });

  it('shows the not-found page with a link home', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await shell.waitForHeading('Seite nicht gefunden');
    await page.getByRole('link', { name: 'Zur Übersicht' }).click();
    await page.waitForURL((url) => url.pathname === '/overview', { timeout: 10_000 });
  });

  it('counts open unacknowledged alerts live and drops the count after an acknowledgement', async () => {
    // Alerts as the plant's detectors report them: a station losing its connection, three times.
    const engine = server.services.domain.alerts;
    const station = Math.floor(server.services.plant.pvConfigs()[0]!.pvRef.nr / 100_000);
    for (const n of [1, 2, 3]) {
      engine.condition({
        kind: 'raise',
        acknowledgedInField: false,
        info: {
          source: `shell-test/${n}`,
          bindingKind: 'stationConnection',
          bindingKey: String(station),
          pv: null,
          station,
          limitType: null,
          priority: 2,
          message: `Verbindung gestört ${n}`,
          description: 'Station',
          value: 1,
          limit: null,
        },
      });
    }
    await engine.flush();
    let before = 0;
    const deadline = Date.now() + 20_000;
    while (before < 3 && Date.now() < deadline) {
      before = await shell.pendingAlertCount();
      if (before < 3) await page.waitForTimeout(500);
    }
    expect(before).toBeGreaterThanOrEqual(3);

    const admin = await server.loginWithToken();
    const ack = await fetch(`${server.url}/api/alerts/ack-all`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    });
    expect(ack.status).toBe(200);
    const acknowledged = ((await ack.json()) as { acknowledged: unknown[] }).acknowledged.length;
    expect(acknowledged).toBeGreaterThan(0);
    await page.waitForFunction(
      (previous) => {
        const shown = document.querySelector('[data-testid="pending-alerts"]')?.getAttribute('data-count');
        return shown !== undefined && shown !== null && shown !== '' && Number(shown) < previous;
      },
      before,
      { timeout: 10_000 },
    );

    await shell.pendingAlerts().click();
    await page.waitForURL((url) => url.pathname === '/alerts', { timeout: 10_000 });
  });
});
