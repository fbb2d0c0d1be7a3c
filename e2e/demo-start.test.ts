// Issue 20 "The demo utility must look like a real one from the first minute", in the browser:
// on a fresh store the alert archive and the event archive are full of the simulated history
// (alarms with their acknowledgements, their coming and going as system events) from the start.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { AlertArchivePage } from './pages/alert-archive-page.js';
import { EventArchivePage } from './pages/event-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

describe('a fresh start of the demo plant', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A day of simulated history keeps the test short; a real first start has a week of it.
    server = await startAppServer({ config: { backfill: true, backfillDays: 1 } });
    browser = await launchBrowser();
    ({ page } = await newPage(browser));
    const login = new LoginPage(page);
    await login.open(server.url, '/login?returnUrl=%2Falerts');
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a full alert archive at once: past alarms, acknowledged by the operator', async () => {
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    await page.waitForFunction(
      () => /\d{2}/.test(document.querySelector('[data-testid="alerts-summary"]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    const { loaded } = await alerts.summary();
    expect(loaded).toBeGreaterThan(10);
    await alerts.waitForRow('betrieb');
    const byOperator = (rows: string[][]) => rows.filter((cells) => cells.some((c) => c.includes('betrieb')));
    // The newest alarms may be live ones nobody has acknowledged yet: read down the list.
    const rows = await alerts.readRowsUntil((seen) => byOperator(seen).length > 3);
    expect(rows.length).toBeGreaterThan(10);
    expect(byOperator(rows).length).toBeGreaterThan(3);
  });

  it('shows alarms coming and going and their acknowledgements in the event archive', async () => {
    const events = new EventArchivePage(page);
    await events.open(server.url);
    await page.waitForFunction(
      () => /\d{2}/.test(document.querySelector('[data-testid="events-summary"]')?.textContent ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    const { loaded } = await events.summary();
    const alerts = (await server.services.domain.alerts.range(0, Date.now(), 100_000)).total;
    // Each alert came; most went and were acknowledged: well over twice as many events.
    expect(loaded).toBeGreaterThan(2 * alerts);
    const rows = await events.rowTexts();
    const texts = rows.map((cells) => cells.join(' '));
    expect(texts.some((t) => t.includes('betrieb'))).toBe(true);
    // The alarm texts of the system events (coming, going) are in the list.
    const [latest] = (await server.services.domain.alerts.range(0, Date.now(), 1)).alerts;
    expect(latest).toBeDefined();
    expect(texts.some((t) => t.includes(latest!.message))).toBe(true);
  });
});
