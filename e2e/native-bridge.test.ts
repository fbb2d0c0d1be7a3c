// The web client's screens inside the Android and iOS apps: a fake app around the page
// (docs/native-bridge.md) records what the page sends and answers as the app would.
import { formatLocalDate, localDateTimeOf } from '@leitwarte/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { NativeAppHost } from './pages/native-app-host.js';
import { OverviewPage } from './pages/overview-page.js';
import { ReportPage } from './pages/report-pages.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const SHOTS = process.env.LEITWARTE_E2E_SHOTS ?? null;

describe('screens inside the native apps', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('Android: the remembered user fills the form, the app logs in with the tokens, scans, stores files, opens its settings', async () => {
    const { context, page } = await newPage(browser);
    const host = new NativeAppHost(page);
    await host.install({
      platform: 'android',
      results: {
        getFeatures: ['scanQrCode'],
        getAppInfo: { version: '5.1.0' },
        getLoginUser: 'admin',
        getLoginMode: 'manual',
        getConnectionName: 'Talaue Leitstelle',
      },
      scanResult: `${server.url}/alerts`,
    });
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/overview')}`);
    // The page asked for the login mode and the user; the app's user is in the field.
    await host.waitForCall('getLoginUser');
    expect(await host.methodsCalled()).toContain('getLoginMode');
    await page.waitForFunction(
      () => (document.querySelector('input[name=username]') as HTMLInputElement | null)?.value === 'admin',
    );
    await page.getByLabel('Passwort').fill(TEST_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();

    // The page hands its tokens and the typed credentials to the app and sends no login itself.
    const handed = await host.waitForCall('setTokensAndLogin');
    expect(handed.payload).toEqual({
      csrfToken: expect.any(String),
      recaptchaToken: expect.any(String),
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(
      await page.evaluate(() => performance.getEntriesByName(`${location.origin}/api/auth/login`)),
    ).toEqual([]);
    expect((await host.logInAsTheApp()).status).toBe(200);
    // Once the app's login gave the view a session, the page goes on to the return address.
    await new OverviewPage(page).waitUntilShown();
    expect(new URL(page.url()).pathname).toBe('/overview');

    const connection = page.getByTestId('native-connection-name');
    expect((await connection.innerText()).trim()).toBe('Talaue Leitstelle');
    expect(await connection.getAttribute('title')).toBe('Verbindung: Talaue Leitstelle');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-header-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    // The navigation slides away on a phone; the header is looked at once it is gone.
    await page
      .getByRole('navigation')
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => undefined);
    await page.waitForTimeout(400);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-header-390.png` });
    const box = await connection.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The QR scan goes to the app's scanner; its text opens the page.
    const before = (await host.calls()).length;
    await page.getByRole('button', { name: 'QR-Code' }).click();
    await page.getByRole('menuitem', { name: 'QR-Code scannen' }).click();
    await host.waitForCall('scanQrCode', before);
    await page.waitForURL(/\/alerts$/, { timeout: 15_000 });
    // No camera view of the page's own.
    expect(await page.getByText('Kamera wird gestartet …').count()).toBe(0);

    // A list's CSV goes to the app as a file with its bytes.
    const beforeCsv = (await host.calls()).length;
    const exportButton = page.getByRole('button', { name: 'CSV-Export' });
    await exportButton.waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await exportButton.click();
    const file = (await host.waitForCall('downloadFile', beforeCsv)).payload as {
      fileName: string;
      method: string;
      url: string;
      params: Record<string, string>;
    };
    expect(file.fileName).toMatch(/^Meldungen_.*\.csv$/);
    expect(file.method).toBe('GET');
    expect(file.params).toEqual({});
    expect(file.url).toMatch(/^data:text\/csv;charset=utf-8;base64,/);
    const text = Buffer.from(file.url.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text.split('\n')[0]).toContain('Station');

    // The settings offer the app's own.
    await page.goto(`${server.url}/settings`);
    const open = page.getByRole('button', { name: 'App-Einstellungen öffnen' });
    await open.waitFor({ timeout: 15_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-settings-1440.png`, fullPage: true });
    const beforeSettings = (await host.calls()).length;
    await open.click();
    expect((await host.waitForCall('showSettings', beforeSettings)).payload).toBeNull();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await open.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/app-settings-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A report's export: the app fetches the file the server makes, by its address.
    // The demo plant's zone, as the report page counts its days.
    const now = localDateTimeOf(Date.now(), 'Europe/Berlin');
    const day = formatLocalDate({ year: now.year, month: now.month, day: now.day });
    await new ReportPage(page).open(server.url, 'day', `report=1&date=${day}`);
    const beforeReport = (await host.calls()).length;
    await page.getByRole('button', { name: 'Als PDF exportieren' }).click();
    expect((await host.waitForCall('downloadFile', beforeReport)).payload).toEqual({
      fileName: `Bericht_${day}.pdf`,
      method: 'GET',
      url: '/api/Report/export/1/day',
      params: { date: day, format: 'pdf' },
    });
    await context.close();
  });

  it('iOS: without an answer to the login mode within 500 ms the page logs in itself; a cancelled scan is said', async () => {
    const { context, page } = await newPage(browser);
    const host = new NativeAppHost(page);
    // An older app: it knows the login user but not the login mode.
    await host.install({
      platform: 'ios',
      results: { getFeatures: ['scanQrCode'], getLoginUser: 'admin', getConnectionName: 'Talaue' },
      replyDelayMs: 30,
    });
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/overview')}`);
    await page.waitForFunction(
      () => (document.querySelector('input[name=username]') as HTMLInputElement | null)?.value === 'admin',
    );
    const started = Date.now();
    await page.getByLabel('Passwort').fill(TEST_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await new OverviewPage(page).waitUntilShown();
    // The page did not wait for the app beyond the login mode's 500 ms, nor hand the login over.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await host.methodsCalled()).toContain('getLoginMode');
    expect(await host.methodsCalled()).not.toContain('setTokensAndLogin');
    expect((await page.getByTestId('native-connection-name').innerText()).trim()).toBe('Talaue');

    // The app's scanner was closed without a code.
    await page.getByRole('button', { name: 'QR-Code' }).click();
    await page.getByRole('menuitem', { name: 'QR-Code scannen' }).click();
    expect((await page.getByTestId('qr-app-notice').innerText()).trim()).toBe(
      'Das Scannen wurde abgebrochen.',
    );
    expect(new URL(page.url()).pathname).toBe('/overview');
    await context.close();
  });

  it('iOS: a login mode answered in time hands the login to the app', async () => {
    const { context, page } = await newPage(browser);
    const host = new NativeAppHost(page);
    await host.install({ platform: 'ios', results: { getLoginMode: 'manual' }, replyDelayMs: 100 });
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('betrieb', 'wrong-or-right');
    const handed = await host.waitForCall('setTokensAndLogin');
    expect(handed.payload).toMatchObject({ username: 'betrieb', password: 'wrong-or-right' });
    // Nothing of the login left the page itself.
    expect(
      await page.evaluate(() => performance.getEntriesByName(`${location.origin}/api/auth/login`).length),
    ).toBe(0);
    await context.close();
  });

  it('in a plain browser: no connection name and no app settings', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/settings')}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('native-connection-name').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'App-Einstellungen öffnen' }).count()).toBe(0);
    await context.close();
  });
});
