// The live layer in the browser against the real server process: a restart of the server and
// the end of the session, without reloading the page.
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { launchBrowser, newPage } from './support/browser.js';
import {
  ADMIN_PASSWORD,
  freePort,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';

/** Waits until at least `count` value cells differ from `before`. */
async function valuesChange(overview: OverviewPage, before: Map<string, string>, count: number, page: Page) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const now = await overview.values();
    const changed = [...now].filter(([key, text]) => before.get(key) !== text).length;
    if (changed >= count) return changed;
    if (Date.now() > deadline) throw new Error(`only ${changed} values changed`);
    await page.waitForTimeout(300);
  }
}

async function logIn(browser: Browser, url: string, returnPath = '/overview') {
  const { context, page } = await newPage(browser);
  const login = new LoginPage(page);
  await login.open(url, `/login?returnUrl=${encodeURIComponent(returnPath)}`);
  await login.logIn('admin', ADMIN_PASSWORD);
  const overview = new OverviewPage(page);
  await overview.waitUntilShown();
  return { context, page, overview };
}

describe('live updates in the browser', () => {
  let browser: Browser;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-e2e-live-'));
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await startServerProcess({ port, dataDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes updating the Overview after the server restarts, without a reload', async () => {
    const { context, page, overview } = await logIn(browser, server.url);
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 15_000 });
    await valuesChange(overview, await overview.values(), 3, page);
    const address = page.url();

    expect(await server.stop('SIGTERM')).toBe(0);
    // The shell says the live data is gone and counts down to the next try.
    await page
      .locator('[data-live-status="reconnecting"], [data-live-status="disconnected"]')
      .first()
      .waitFor({
        timeout: 10_000,
      });
    server = await startServerProcess({ port, dataDir });
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 40_000 });
    const afterRestart = await overview.values();
    await valuesChange(overview, afterRestart, 3, page);
    // Still the first document: no reload happened.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(page.url()).toBe(address);
    await context.close();
  });

  it('lands on the login page with the return address when the session ends elsewhere', async () => {
    const { context, page } = await logIn(browser, server.url, '/overview?station=3');
    await page.locator('[data-live-status="connected"]').waitFor({ timeout: 15_000 });
    const shown = new URL(page.url());
    expect(shown.searchParams.get('station')).toBe('3');
    const cookie = (await context.cookies()).find((c) => c.name === 'lw_session');
    expect(cookie).toBeDefined();
    const header = `lw_session=${cookie!.value}`;
    // Another client with the same cookie logs the session out through the API.
    const info = await fetch(`${server.url}/api/UserManagement/info`, { headers: { cookie: header } });
    const { csrfToken } = (await info.json()) as { csrfToken: string };
    const out = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: header, 'x-csrf-token': csrfToken },
    });
    expect(out.status).toBe(204);
    await page.waitForURL(/\/login\?returnUrl=/, { timeout: 10_000 });
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnUrl') ?? '')).toBe(
      shown.pathname + shown.search,
    );
    await new LoginPage(page).waitUntilShown();
    await context.close();
  });
});
