// Issue 20 "Native date/time inputs show US format in a German session": the app's own date and
// time fields write dates as the user's language does, and every time is shown and taken as the
// plant's clock reads it, even in a browser set to another zone (an on-call engineer abroad).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { AlertArchivePage } from './pages/alert-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';

const PLANT_ZONE = 'Europe/Berlin';

describe('dates and times in a German session whose browser is in New York', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A day of simulated history: the alert archive has rows from the first minute.
    server = await startAppServer({ config: { backfill: true, backfillDays: 1 } });
    expect(server.services.plant.info.timeZone).toBe(PLANT_ZONE);
    browser = await launchBrowser();
    const context = await browser.newContext({
      locale: 'de-DE',
      timezoneId: 'America/New_York',
      viewport: { width: 1440, height: 900 },
    });
    page = await context.newPage();
    const login = new LoginPage(page);
    await login.open(server.url, '/login?returnUrl=%2Falerts');
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/alerts', { timeout: 20_000 });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the alerts' times on the plant's clock, not the browser's", async () => {
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    await expect.poll(async () => (await alerts.rowTexts()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const shown = (await alerts.rowTexts())
      .flat()
      .map((cell) => /^(\d\d)\.(\d\d)\.(\d{4}), (\d\d):(\d\d):(\d\d)$/.exec(cell))
      .filter((m) => m !== null);
    expect(shown.length).toBeGreaterThan(0);
    const now = Date.now();
    const known = new Set(
      (await server.services.domain.alerts.range(now - 3 * 86_400_000, now + 60_000, 100_000)).alerts.flatMap(
        (a) =>
          [a.comingAt, a.goingAt, a.acknowledgedAt]
            .filter((t) => t !== null)
            .map((t) => Math.floor(t / 1000)),
      ),
    );
    const berlin = new Intl.DateTimeFormat('de-DE', {
      timeZone: PLANT_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const berlinTexts = new Set([...known].map((s) => berlin.format(s * 1000)));
    for (const m of shown.slice(0, 10)) expect(berlinTexts, m[0]).toContain(m[0]);
  });

  it('writes a report date as German dates are written, and takes a typed one', async () => {
    await page.goto(`${server.url}/reports/day?report=1&date=2026-11-20`);
    const date = page.getByLabel('Datum', { exact: true });
    await date.waitFor({ timeout: 20_000 });
    expect(await date.inputValue()).toBe('20.11.2026');
    await date.fill('21.11.2026');
    await date.press('Enter');
    await date.blur();
    await page.waitForURL((url) => url.searchParams.get('date') === '2026-11-21', { timeout: 10_000 });
    expect(await date.inputValue()).toBe('21.11.2026');
  });

  it('offers the time of a scheduled export on a 24-hour clock', async () => {
    await page.goto(`${server.url}/reports/export-settings`);
    const hours = page.getByLabel('Stunden').first();
    await hours.waitFor({ timeout: 20_000 });
    expect(await hours.inputValue()).toBe('06');
    expect(await page.getByLabel('Minuten').first().inputValue()).toBe('00');
    expect(await page.locator('[data-time-field]').first().innerText()).not.toMatch(/AM|PM/);
  });
});
