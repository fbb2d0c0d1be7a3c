// The interface languages switched without a reload, and the web client inside the Android and iOS
// apps: a fake app around the page answers the bridge as the documented contract says.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LocalisedOverview } from './pages/localised-overview.js';
import { LoginPage } from './pages/login-page.js';
import { NativeAppHost } from './pages/native-app-host.js';
import { OverviewPage } from './pages/overview-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const NBSP = '\u00a0';
const GROUPED = {
  de: /^\d{1,3}(\.\d{3})+(,\d+)?$/,
  en: /^\d{1,3}(,\d{3})+(\.\d+)?$/,
  cs: new RegExp(`^\\d{1,3}([${NBSP} ]\\d{3})+(,\\d+)?$`),
  ru: new RegExp(`^\\d{1,3}([${NBSP} ]\\d{3})+(,\\d+)?$`),
};

describe('languages and the native apps', () => {
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

  async function logInAsAdmin(page: Page) {
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/overview')}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await new OverviewPage(page).waitUntilShown();
  }

  it('switches de → en → cs → ru on the overview and the shell without a reload', async () => {
    const { context, page } = await newPage(browser);
    await logInAsAdmin(page);
    const overview = new LocalisedOverview(page);
    await overview.waitForHeading('Übersicht');
    expect(await overview.stationLine('Wasserwerk Auheim')).toBe('Wasserwerk · Station 1');
    expect(await overview.subtypeText('Füllstand')).toBe('Füllstand');
    const counter = await overview.firstLargeNumberCell();
    expect(await overview.reading(counter)).toMatch(GROUPED.de);

    const steps = [
      {
        from: 'Sprache',
        to: 'en',
        heading: 'Overview',
        logout: 'Log out',
        line: 'Waterworks · Station 1',
        subtype: 'Level',
      },
      {
        from: 'Language',
        to: 'cs',
        heading: 'Přehled',
        logout: 'Odhlásit',
        line: 'Úpravna vody · Stanice 1',
        subtype: 'Hladina',
      },
      {
        from: 'Jazyk',
        to: 'ru',
        heading: 'Обзор',
        logout: 'Выйти',
        line: 'Водопроводная станция · Станция 1',
        subtype: 'Уровень',
      },
    ] as const;
    for (const step of steps) {
      await overview.chooseLanguage(step.from, step.to);
      await overview.waitForHeading(step.heading);
      await overview.logoutButton(step.logout).waitFor({ state: 'visible' });
      expect(await overview.stationLine('Wasserwerk Auheim')).toBe(step.line);
      expect(await overview.subtypeText('Füllstand')).toBe(step.subtype);
      expect(await overview.reading(counter)).toMatch(GROUPED[step.to]);
    }
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(await overview.navigations()).toBe(1);
    await context.close();
  });

  it('inside the Android app: reads the app, hands over tokens, scans, and opens windows in place', async () => {
    const { context, page } = await newPage(browser);
    const host = new NativeAppHost(page);
    await host.install({
      platform: 'android',
      results: {
        getFeatures: ['scanQrCode'],
        getAppInfo: { version: '5.1.0' },
        getLoginUser: 'betrieb',
        getLoginMode: 'manual',
        getConnectionName: 'Talaue Leitstelle',
      },
      scanResult: '/overview?station=2',
    });
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/overview')}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    // This app answers the login mode: it sends the login with the page's tokens.
    expect((await host.logInAsTheApp()).status).toBe(200);
    await new OverviewPage(page).waitUntilShown();
    // At start the client asked the app about itself.
    expect(await host.methodsCalled()).toEqual(
      expect.arrayContaining(['getAppInfo', 'getFeatures', 'getConnectionName']),
    );
    expect((await host.callBridge('getFeatures')).result).toEqual(['scanQrCode']);
    expect((await host.callBridge('hasFeature', 'scanQrCode')).result).toBe(true);
    expect((await host.callBridge('getAppInfo')).result).toEqual({ version: '5.1.0' });
    expect((await host.callBridge('getLoginUser')).result).toBe('betrieb');
    expect((await host.callBridge('getLoginMode')).result).toBe('manual');
    expect((await host.callBridge('getConnectionName')).result).toBe('Talaue Leitstelle');
    expect((await host.callBridge('scanQrCode')).result).toBe('/overview?station=2');

    const tokens = { csrfToken: 'csrf-1', recaptchaToken: 'captcha-1', username: 'betrieb', password: 'pw' };
    await host.callBridge('setTokensAndLogin', tokens);
    await host.callBridge('showSettings');
    const download = {
      fileName: 'Tagesbericht.pdf',
      method: 'GET',
      url: '/api/report/1',
      params: { day: '2024-03-05' },
    };
    await host.callBridge('downloadFile', download);
    const sent = (await host.calls()).slice(-3).map(({ method, payload }) => ({ method, payload }));
    expect(sent).toEqual([
      { method: 'setTokensAndLogin', payload: tokens },
      { method: 'showSettings', payload: null },
      { method: 'downloadFile', payload: download },
    ]);

    // A window meant for a new tab opens in the app's only view.
    await page.evaluate(() => void window.open('/overview?from=window', '_blank'));
    await page.waitForURL(/from=window/, { timeout: 15_000 });
    await new OverviewPage(page).waitUntilShown();
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/overview?from=link';
      link.target = '_blank';
      link.textContent = 'Neues Fenster';
      // Above the shell, where a user can click it.
      link.style.cssText = 'position:fixed;top:80px;left:300px;z-index:10000;background:#fff;padding:8px';
      document.body.append(link);
    });
    await page.getByText('Neues Fenster').click();
    await page.waitForURL(/from=link/, { timeout: 15_000 });
    expect(context.pages()).toHaveLength(1);
    await context.close();
  });

  it('inside the iOS app: answers arrive through the reply callback; login mode fails after 500 ms', async () => {
    const { context, page } = await newPage(browser);
    const host = new NativeAppHost(page);
    // This app answers everything but the login mode.
    await host.install({
      platform: 'ios',
      results: { getFeatures: ['scanQrCode'], getAppInfo: { version: '3.4.2' }, getConnectionName: 'Talaue' },
      replyDelayMs: 30,
    });
    await new LoginPage(page).open(server.url);
    expect((await host.callBridge('getAppInfo')).result).toEqual({ version: '3.4.2' });
    expect((await host.callBridge('getFeatures')).result).toEqual(['scanQrCode']);
    const mode = await host.callBridge('getLoginMode');
    expect(mode.error).toBe('timeout');
    expect(mode.elapsedMs).toBeGreaterThanOrEqual(490);
    expect(mode.elapsedMs).toBeLessThan(2000);
    expect((await host.calls()).find((call) => call.method === 'getLoginMode')).toMatchObject({
      payload: null,
    });
    await context.close();

    // An app that answers in time gives its login mode.
    const second = await newPage(browser);
    const answering = new NativeAppHost(second.page);
    await answering.install({ platform: 'ios', results: { getLoginMode: 'manual' }, replyDelayMs: 100 });
    await new LoginPage(second.page).open(server.url);
    const answered = await answering.callBridge('getLoginMode');
    expect(answered.result).toBe('manual');
    expect(answered.elapsedMs).toBeLessThan(500);
    await second.context.close();
  });

  it('in a plain browser there is no bridge and windows open in a new tab', async () => {
    const { context, page } = await newPage(browser);
    await new LoginPage(page).open(server.url);
    expect(await new NativeAppHost(page).hasBridge()).toBe(false);
    const popup = context.waitForEvent('page', { timeout: 10_000 });
    await page.evaluate(() => void window.open('/login?tab=new', '_blank'));
    expect((await popup).url()).toContain('tab=new');
    expect(page.url()).not.toContain('tab=new');
    await context.close();
  });
});
