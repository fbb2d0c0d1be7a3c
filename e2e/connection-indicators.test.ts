// Issue "False alarm on every page load": the status of calls §4 starts at WebServerDisconnected,
// a state of a connection being set up, not an alarm. The header says "connecting" in neutral grey
// until an attempt has actually failed, and shows the red banner only then.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { OverviewPage } from './pages/overview-page.js';
import { StatusIndicators } from './pages/status-indicators.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const STATUS_NEGOTIATE = /\/hubs\/server-status\/negotiate/;

describe('the connection indicators on a page load', () => {
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

  /** A logged-in page on the overview, recording the indicators from its first document on. */
  async function overviewPage(): Promise<{ page: Page; indicators: StatusIndicators }> {
    const { page } = await newPage(browser);
    await StatusIndicators.recordFromStart(page);
    const login = new LoginPage(page);
    await login.open(server.url, '/login?returnUrl=%2Foverview');
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await new OverviewPage(page).waitUntilShown();
    return { page, indicators: new StatusIndicators(page) };
  }

  it('never shows an alarm on a normal load, also not on a reload', async () => {
    const { page, indicators } = await overviewPage();
    const expectNoAlarm = async () => {
      await indicators.waitForLive('connected');
      await page.locator('[data-server-status="Connected"]').waitFor({ state: 'attached', timeout: 20_000 });
      const seen = await indicators.history();
      // Before the first report only the neutral "connecting" is shown, never a settled fault.
      expect(seen.serverStatuses.filter((s) => s.endsWith('/settled'))).toEqual([]);
      expect(seen.serverStatuses.at(-1)).toBe('Connected/hidden');
      expect(seen.liveStatuses).not.toContain('disconnected');
      expect(seen.liveStatuses).not.toContain('reconnecting');
    };
    await expectNoAlarm();
    await page.reload();
    await expectNoAlarm();
    await page.context().close();
  });

  it('says "connecting" in neutral while the connection is set up', async () => {
    const { page, indicators } = await overviewPage();
    await indicators.waitForLive('connected');
    // A slow network: the status channel's negotiate takes 3 s.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(STATUS_NEGOTIATE, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const text = await indicators.waitForServerStatus('WebServerDisconnected', 'pending');
    expect(text).toBe('Leitsystem: verbindet …');
    release();
    await page.locator('[data-server-status="Connected"]').waitFor({ state: 'attached', timeout: 20_000 });
    expect((await indicators.history()).serverStatuses.filter((s) => s.endsWith('/settled'))).toEqual([]);
    await page.context().close();
  });

  it('shows the red banner once the first attempt has failed', async () => {
    const { page, indicators } = await overviewPage();
    await indicators.waitForLive('connected');
    await page.route(STATUS_NEGOTIATE, (route: Route) => route.abort('connectionrefused'));
    await page.reload();
    const text = await indicators.waitForServerStatus('WebServerDisconnected', 'settled');
    expect(text).toBe('Leitsystem: Webserver nicht erreichbar');
    const seen = await indicators.history();
    // Neutral first, the alarm after the failure.
    expect(seen.serverStatuses.indexOf('WebServerDisconnected/pending')).toBeLessThan(
      seen.serverStatuses.indexOf('WebServerDisconnected/settled'),
    );
    await page.unroute(STATUS_NEGOTIATE);
    // The manager keeps trying; once through, the banner goes.
    await page.locator('[data-server-status="Connected"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.context().close();
  });
});
