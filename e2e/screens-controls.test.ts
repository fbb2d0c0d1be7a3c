// Issue 20 "The screens that exist", "Rows per page" and "Phone", in Chromium: the chart's range
// box names its span and the zoom reset covers nothing, archive lists page on request, and the
// alert archive's controls fold into a sheet on a phone.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { AlertArchivePage } from './pages/alert-archive-page.js';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Screens kept for a look at them; outside the repository. */
const SHOTS = process.env.LEITWARTE_SCREENSHOTS ?? null;

describe('screen controls at 1440 px and on a phone', () => {
  let server: TestServer;
  let browser: Browser;

  async function signedIn(
    viewport: { width: number; height: number },
    path: string,
    timezoneId?: string,
  ): Promise<Page> {
    const context = await browser.newContext({
      locale: 'de-DE',
      viewport,
      hasTouch: viewport.width < 500,
      ...(timezoneId ? { timezoneId } : {}),
    });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(path)}`);
    await login.logIn('admin', TEST_ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === path.split('?')[0], { timeout: 20_000 });
    return page;
  }

  async function shot(page: Page, name: string): Promise<void> {
    if (SHOTS === null) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png` });
  }

  beforeAll(async () => {
    // A day of simulated history: enough alerts and events for more than one page.
    server = await startAppServer({ config: { backfill: true, backfillDays: 1 } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('chart: the range box names the own span, one "last month", the zoom reset above the drawing', async () => {
    const page = await signedIn(DESKTOP, '/charts/live/1');
    const canvas = page.locator('.uplot canvas').first();
    await canvas.waitFor({ timeout: 20_000 });
    const range = page.getByTestId('chart-tools').getByLabel('Zeitraum');
    const chosen = await range.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
    expect(chosen).toMatch(/^Eigener Zeitraum: \d+ (Stunde|Stunden|Minuten|Tage?)$/);
    const options = await range.locator('option').allInnerTexts();
    expect(options).toContain('Letzter Monat (28–31 Tage)');
    expect(options.filter((o) => /Letzte (28|29|30|31) Tage/.test(o))).toEqual([]);
    // The reset stands in its own strip above the drawing: nothing of the plot lies under it.
    const reset = await page.getByTestId('zoom-reset').boundingBox();
    const drawing = await canvas.boundingBox();
    expect(reset && drawing).toBeTruthy();
    expect(reset!.y + reset!.height).toBeLessThanOrEqual(drawing!.y + 0.5);
    await shot(page, 'chart-desktop');
    // A quick range chosen: the box says it; the chart's span is still offered to go back to.
    await range.selectOption({ label: 'Letzter Monat (28–31 Tage)' });
    await page
      .getByTestId('chart-tools')
      .getByText('Letzter Monat (28–31 Tage)')
      .first()
      .waitFor({ state: 'attached' });
    expect(await range.evaluate((select: HTMLSelectElement) => select.value)).toBe('lastMonth');
    await page.waitForTimeout(1_000);
    await shot(page, 'chart-desktop-month');
    await page.context().close();

    const phone = await signedIn(PHONE, '/charts/live/1');
    await phone.locator('.uplot canvas').first().waitFor({ timeout: 20_000 });
    await phone.getByTestId('chart-tools-toggle').click();
    await phone.getByTestId('chart-export').waitFor({ state: 'visible' });
    await shot(phone, 'chart-phone');
    await phone.context().close();
  });

  it('alert and event archives: all rows by default, pages of the chosen size on request', async () => {
    const page = await signedIn(DESKTOP, '/alerts');
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    await alerts.waitForRow('betrieb');
    expect(await page.getByTestId('list-pager').count()).toBe(0);
    const summary = await page.getByTestId('alerts-summary').innerText();
    const loaded = Number(/(\d[\d.]*)/.exec(summary)?.[1]?.replace(/\./g, '') ?? '0');
    expect(loaded).toBeGreaterThan(25);
    await page.getByTestId('rows-per-page').selectOption('25');
    const pager = page.getByTestId('list-pager');
    await pager.waitFor();
    const firstPage = await alerts.rowTexts();
    expect(firstPage.length).toBeGreaterThan(0);
    expect(firstPage.length).toBeLessThanOrEqual(25);
    await shot(page, 'alerts-paged-desktop');
    await pager.getByRole('button', { name: 'Seite 2' }).click();
    await expect
      .poll(async () => (await alerts.rowTexts()).map((cells) => cells.join('|')).join('\n'), {
        timeout: 10_000,
      })
      .not.toBe(firstPage.map((cells) => cells.join('|')).join('\n'));
    await page.context().close();

    const events = await signedIn(DESKTOP, '/events');
    await events.getByTestId('events-summary').waitFor({ timeout: 20_000 });
    expect(await events.getByTestId('list-pager').count()).toBe(0);
    await events.getByTestId('rows-per-page').selectOption('50');
    await events.getByTestId('list-pager').waitFor();
    const rows = await events.locator('.data-list__body-row').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(50);
    await shot(events, 'events-paged-desktop');
    await events.context().close();
  });

  it('phone alert archive: the first screen shows alerts, range and filter in a sheet', async () => {
    const page = await signedIn(PHONE, '/alerts');
    const alerts = new AlertArchivePage(page);
    await alerts.waitUntilShown();
    const card = page.getByTestId('alert-card').first();
    await card.waitFor({ timeout: 20_000 });
    // No range, limit or filter controls above the cards: the first card stands high on the screen.
    await shot(page, 'alerts-phone');
    expect(await page.getByRole('group', { name: 'Filter' }).count()).toBe(0);
    const box = await card.boundingBox();
    expect(box!.y).toBeLessThan(PHONE.height / 2);
    // At least three whole cards on the first screen.
    const whole = await page
      .getByTestId('alert-card')
      .evaluateAll(
        (cards) => cards.filter((c) => c.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    expect(whole).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByTestId('alerts-filter').click();
    const sheet = page.getByRole('dialog', { name: 'Zeitraum, Filter und Liste' });
    await sheet.waitFor();
    await sheet.getByRole('group', { name: 'Filter' }).waitFor();
    await sheet.getByLabel('Zeitraum').first().waitFor();
    await sheet.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
    await shot(page, 'alerts-phone-sheet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // The condition counts on the button, so a filtered list is never mistaken for all alerts.
    expect(await page.getByTestId('alerts-filter').innerText()).toBe('Filter und Zeitraum (1)');
    await page.context().close();
  });

  it("date/time fields: German writing and the plant's time, with the browser in another zone", async () => {
    // 20 November 2026, 11:00 UTC: 12:00 at the plant (Europe/Berlin), 06:00 in New York.
    const from = Date.UTC(2026, 10, 20, 11, 0);
    const to = Date.UTC(2026, 10, 20, 15, 30);
    const page = await signedIn(DESKTOP, `/charts/archive/1?from=${from}&to=${to}`, 'America/New_York');
    await page.locator('.uplot canvas').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('chart-tools').getByLabel('Zeitraum').selectOption('custom');
    const start = page.getByTestId('range-from');
    await start.waitFor();
    expect(await start.getAttribute('data-plant-zone')).toBe('Europe/Berlin');
    expect((await start.innerText()).trim()).toBe('20.11.2026 12:00');
    expect((await page.getByTestId('range-to').innerText()).trim()).toBe('20.11.2026 16:30');
    // The picker: a German calendar (Di, not Tu).
    await start.click();
    const calendar = page.getByRole('dialog');
    await calendar.getByText('Di', { exact: true }).first().waitFor();
    expect(await calendar.getByText('Tu', { exact: true }).count()).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, 'date-field-desktop');
    await page.keyboard.press('Escape');
    // The filter's date condition is the same field: no native field in US format anywhere.
    await page.goto(`${server.url}/alerts`);
    await page.getByTestId('alerts-summary').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
    expect(
      await page.locator('input[type="date"], input[type="datetime-local"], input[type="time"]').count(),
    ).toBe(0);
    // A report's day: the same calendar, the day written the German way.
    await page.goto(`${server.url}/reports/day?report=1&date=2026-11-20`);
    const day = page.getByLabel('Datum', { exact: true });
    await day.waitFor({ timeout: 20_000 });
    expect(await day.inputValue()).toBe('20.11.2026');
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    await shot(page, 'report-date-desktop');
    await page.context().close();
  });

  it('settings: a shorter auto-logout time of his own logs the user out after it', async () => {
    const page = await signedIn(DESKTOP, '/settings');
    const choice = page.getByTestId('auto-logout-choice');
    await choice.waitFor({ timeout: 20_000 });
    await choice.click();
    await page.getByRole('option', { name: '1 Minute', exact: true }).click();
    expect(await choice.inputValue()).toBe('1 Minute');
    await shot(page, 'settings-desktop');
    // No activity: after a minute (not the plant's longer time) the browser is at the logout page.
    await page.waitForURL((url) => url.pathname.startsWith('/logout') || url.pathname.startsWith('/login'), {
      timeout: 120_000,
    });
    await page.context().close();
  }, 180_000);
});
