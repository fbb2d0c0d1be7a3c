import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import { ADMIN_PASSWORD, startServerProcess, type ServerProcess } from './support/server-process.js';

describe('a new user on a fresh server', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServerProcess();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('sees the catalogue message for a wrong password', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('admin', 'not-the-password');
    expect(await login.errorText()).toBe('Ungültige Anmeldedaten.');
    await context.close();
  });

  it('logs in, watches live values change on the Overview, and logs out', async () => {
    const { context, page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url);
    await login.logIn('admin', ADMIN_PASSWORD);
    const overview = new OverviewPage(page);
    await overview.waitUntilShown();
    expect((await overview.stationNames()).length).toBeGreaterThanOrEqual(10);

    const first = await overview.values();
    expect(first.size).toBeGreaterThanOrEqual(300);
    let changed = 0;
    const deadline = Date.now() + 10_000;
    while (changed < 5 && Date.now() < deadline) {
      await page.waitForTimeout(500);
      const now = await overview.values();
      changed = [...now].filter(([key, text]) => first.get(key) !== text).length;
    }
    // Values changed without a reload: the page is the same document.
    expect(changed).toBeGreaterThanOrEqual(5);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    await overview.logOut();
    await login.waitUntilShown();
    const info = await page.evaluate(async () => (await fetch('/api/UserManagement/info')).status);
    expect(info).toBe(401);
    await context.close();
  });

  it('sends a visitor without a session to the login page and back to the address after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/overview?station=1`);
    await page.waitForURL(/returnUrl=/, { timeout: 15_000 });
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnUrl') ?? '')).toBe(
      '/overview?station=1',
    );
    const login = new LoginPage(page);
    await login.waitUntilShown();
    await login.logIn('admin', ADMIN_PASSWORD);
    await page.waitForURL(`${server.url}/overview?station=1`, { timeout: 15_000 });
    await context.close();
  });
});
