import { WIDGET_KINDS, type DashboardConfig } from '@leitwarte/core';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../packages/server/src/test-support/databases';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { LoginPage } from './pages/login-page.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

/** Screenshots of the editor for looking at, at the desktop and the phone size. */
const SHOTS = process.env.LEITWARTE_E2E_SHOTS ?? '/tmp/dasheditor';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('the dashboard editor in the browser', () => {
  let database: TestDatabase;
  let server: TestServer;
  let browser: Browser;
  let made: number;
  let plan: number;
  let previewed: number;

  const signIn = async (username: string, viewport?: { width: number; height: number }) => {
    const { page } = await newPage(browser);
    if (viewport) await page.setViewportSize(viewport);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent('/')}`);
    await login.logIn(username, TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
    return page;
  };
  const heading = (page: Page) => page.getByRole('heading', { level: 1 });
  const stored = async () => {
    const config: Omit<DashboardConfig, 'currentUserCanEdit'> =
      await server.services.domain.dashboards.config();
    return config.dashboards.find((d) => d.id === made);
  };
  const editor = (page: Page) => page.getByTestId('dashboard-editor');

  /** Adds a widget from the palette; `fill` completes its form. */
  const addWidget = async (page: Page, kind: string, fill: () => Promise<void>) => {
    await editor(page).getByRole('button', { name: 'Widget hinzufügen' }).click();
    await page.getByTestId('widget-palette').getByRole('button', { name: kind, exact: true }).click();
    await fill();
    await page.getByTestId('widget-submit').click();
    // The dialog closes with a fade; until then its overlay takes the pointer.
    await page.locator('.mantine-Modal-overlay').waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // One store for both runs of the server: the dashboard has to outlive a restart.
    database = await createTestDatabase('sqlite');
    server = await startAppServer({ database });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await database?.drop();
  });

  it('every widget kind of the demo is on the default dashboard at /', async () => {
    const page = await signIn('gast', DESKTOP);
    await page.locator('[data-kind="Placeholder"]').waitFor({ timeout: 15_000 });
    const kinds = await page
      .locator('[data-kind]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    expect(new Set(kinds)).toEqual(new Set(WIDGET_KINDS));
    await page.locator('[data-style="CircularGauge"][data-value]:not([data-value=""])').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/default-dashboard-1440.png`, fullPage: true });
    await page.context().close();
  });

  it('an operator makes a dashboard with a gauge and a note; it survives a reload and a server restart', async () => {
    const page = await signIn('betrieb', DESKTOP);
    await page.getByRole('button', { name: 'Neues Dashboard' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Schicht Nord');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await editor(page).waitFor({ timeout: 15_000 });
    made = Number(new URL(page.url()).pathname.slice(1));
    expect(made).toBeGreaterThan(0);

    const pvName = server.services.plant.config('AnaIn-200010')?.name ?? '';
    expect(pvName).not.toBe('');
    await addWidget(page, 'Einzelwert', async () => {
      await page.getByRole('textbox', { name: 'Titel' }).fill('Behälter Lindenberg');
      await page.getByTestId('widget-pv').fill(pvName);
      await page
        .getByRole('option', { name: new RegExp(pvName) })
        .first()
        .click();
      await page.getByRole('textbox', { name: 'Darstellung' }).click();
      await page.getByRole('option', { name: 'Rundinstrument' }).click();
    });
    // A note without a title; a refused form says what is missing and adds nothing.
    await addWidget(page, 'Notiz', async () => {
      await page.getByRole('textbox', { name: 'Notiz' }).fill('Schieber 4 geschlossen.');
    });
    await editor(page).getByRole('button', { name: 'Widget hinzufügen' }).click();
    await page.getByTestId('widget-palette').getByRole('button', { name: 'Webseite', exact: true }).click();
    await page.getByRole('textbox', { name: 'Adresse' }).fill('file:///c:/radar.html');
    await page.getByTestId('widget-submit').click();
    await page.getByText('Es werden nur Web-URLs unterstützt.').first().waitFor({ timeout: 5_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();
    await page.keyboard.press('Escape');
    expect(await editor(page).locator('[data-editor-widget]').count()).toBe(2);

    // Order: the note goes first; undo brings the gauge back to the front, and again.
    await editor(page).getByRole('button', { name: '„Notiz“ nach vorn' }).click();
    await editor(page).getByRole('button', { name: 'Rückgängig' }).click();
    await editor(page).getByRole('button', { name: '„Notiz“ nach vorn' }).click();
    // The editor shows the widgets as the dashboard will: the gauge with its value, the note's text.
    await editor(page)
      .locator('[data-editor-widget] [data-style="CircularGauge"][data-value]:not([data-value=""])')
      .waitFor({ timeout: 15_000 });
    await editor(page).locator('[data-editor-widget]').first().getByText('Schieber 4 geschlossen.').waitFor();
    await page.screenshot({ path: `${SHOTS}/editor-1440.png`, fullPage: true });
    await editor(page).getByRole('button', { name: 'Speichern' }).click();
    await editor(page).waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('[data-kind="SingleValue"]').waitFor({ timeout: 15_000 });
    expect(await heading(page).innerText()).toBe('Schicht Nord');

    expect(await stored()).toMatchObject({
      name: 'Schicht Nord',
      origin: 'user',
      version: 2,
      widgets: [
        { kind: 'Note', note: 'Schieber 4 geschlossen.' },
        {
          kind: 'SingleValue',
          title: 'Behälter Lindenberg',
          style: 'CircularGauge',
          pv: { type: 'AnaIn', nr: 200010 },
        },
      ],
    });
    const audit = await server.services.store.audit.range(0, Date.now() + 1, 50);
    expect(audit.filter((r) => r.action.startsWith('dashboard.')).map((r) => r.action)).toEqual(
      expect.arrayContaining(['dashboard.create', 'dashboard.update']),
    );

    await page.reload();
    await page.locator('[data-kind="SingleValue"]').waitFor({ timeout: 15_000 });
    expect(await heading(page).innerText()).toBe('Schicht Nord');
    await page.context().close();

    await server.close();
    server = await startAppServer({ database });
    const again = await signIn('betrieb');
    await again.goto(`${server.url}/${made}`);
    await again
      .locator('[data-kind="Note"]')
      .getByText('Schieber 4 geschlossen.')
      .waitFor({ timeout: 15_000 });
    expect(await heading(again).innerText()).toBe('Schicht Nord');
    await again.context().close();
  });

  it('a viewer sees the dashboard but no editor; the calls refuse the viewer', async () => {
    const page = await signIn('gast');
    await page.goto(`${server.url}/${made}`);
    await page.locator('[data-kind="SingleValue"]').waitFor({ timeout: 15_000 });
    for (const name of ['Dashboard bearbeiten', 'Neues Dashboard', 'Kopieren und anpassen', 'Löschen']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    const status = await page.evaluate(async (id) => {
      const reply = await fetch(`/api/dashboard/${id}/copy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Meins' }),
      });
      return reply.status;
    }, made);
    expect(status).toBe(403);
    await page.context().close();
  });

  it('a save that missed another editor’s save is refused, and the other editor is told at once', async () => {
    // Two sessions of the operator stand for two editors at two desks.
    const first = await signIn('betrieb');
    const other = await signIn('betrieb', DESKTOP);
    for (const page of [first, other]) {
      await page.goto(`${server.url}/${made}`);
      await page.getByRole('button', { name: 'Dashboard bearbeiten' }).click();
      await editor(page).waitFor({ timeout: 15_000 });
    }
    await editor(first).getByRole('textbox', { name: 'Name' }).fill('Schicht Nord (Tag)');
    await editor(first).getByRole('button', { name: 'Speichern' }).click();
    await editor(first).waitFor({ state: 'detached', timeout: 15_000 });
    await other.getByTestId('editor-remote-change').waitFor({ timeout: 10_000 });

    await editor(other).getByRole('textbox', { name: 'Name' }).fill('Schicht Nord (Nacht)');
    await editor(other).getByRole('button', { name: 'Speichern' }).click();
    await other
      .getByText('Nicht gespeichert: jemand anderes hat inzwischen gespeichert')
      .waitFor({ timeout: 10_000 });
    expect((await stored())?.name).toBe('Schicht Nord (Tag)');
    await other.getByText('betrieb hat dieses Dashboard inzwischen gespeichert').first().waitFor();
    await other.screenshot({ path: `${SHOTS}/editor-stale-1440.png`, fullPage: true });
    await other
      .getByRole('button', { name: /Aktuellen Stand laden/ })
      .first()
      .click();
    await expect
      .poll(() => editor(other).getByRole('textbox', { name: 'Name' }).inputValue())
      .toBe('Schicht Nord (Tag)');
    await first.context().close();
    await other.context().close();
  });

  it('arranges a free layout by dragging a widget to another cell', async () => {
    const page = await signIn('betrieb', DESKTOP);
    await page.getByRole('button', { name: 'Neues Dashboard' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Plan Wasserwerk');
    await dialog.getByRole('textbox', { name: 'Anordnung' }).click();
    await page.getByRole('option', { name: 'Frei' }).click();
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await editor(page).waitFor({ timeout: 15_000 });
    plan = Number(new URL(page.url()).pathname.slice(1));
    await addWidget(page, 'Platzhalter', async () => {
      await page.getByRole('textbox', { name: 'Titel' }).fill('Pumpe');
    });
    const card = editor(page).locator('[data-editor-widget]').first();
    const box = await card.boundingBox();
    const canvas = await page.getByTestId('free-canvas').boundingBox();
    if (!box || !canvas) throw new Error('the editor shows no free canvas');
    const cell = canvas.width / 6;
    // Grab the card on its title and let go two cells right and one down.
    await page.mouse.move(box.x + 20, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + cell, box.y + 10 + cell / 2, { steps: 5 });
    await page.mouse.move(box.x + 20 + 2 * cell, box.y + 10 + cell, { steps: 5 });
    await page.mouse.up();
    await card.focus();
    await page.keyboard.press('ArrowRight');
    await page.screenshot({ path: `${SHOTS}/editor-free-1440.png`, fullPage: true });
    await editor(page).getByRole('button', { name: 'Speichern' }).click();
    await editor(page).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Dashboard bearbeiten' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-actions-1440.png` });
    const config = await server.services.domain.dashboards.config();
    const saved = config.dashboards.find((d) => d.id === plan);
    expect(saved).toMatchObject({
      layout: 'FreeLayout',
      widgets: [{ position: { x: 3, y: 1, width: 1, height: 1 } }],
    });
    await page.context().close();
  });

  it('shows placed widgets live under a shield: values move, clicks and drags reach the editor only', async () => {
    const key = 'AnaIn-100070';
    const pvName = server.services.plant.config(key)?.name ?? '';
    expect(pvName).not.toBe('');
    const pvValue = () => {
      const value = server.services.plant.values.get(key);
      return value?.type === 'DoubleValue' ? value.doubleValue : undefined;
    };
    const page = await signIn('betrieb', DESKTOP);
    await page.getByRole('button', { name: 'Neues Dashboard' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Vorschau Zulauf');
    await dialog.getByRole('textbox', { name: 'Anordnung' }).click();
    await page.getByRole('option', { name: 'Frei' }).click();
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await editor(page).waitFor({ timeout: 15_000 });
    const id = Number(new URL(page.url()).pathname.slice(1));
    previewed = id;
    await addWidget(page, 'Einzelwert', async () => {
      await page.getByRole('textbox', { name: 'Titel' }).fill('Zulauf');
      await page.getByTestId('widget-pv').fill(pvName);
      await page
        .getByRole('option', { name: new RegExp(pvName) })
        .first()
        .click();
    });
    await addWidget(page, 'Notiz', async () => {
      await page.getByRole('textbox', { name: 'Notiz' }).fill('Schieber 7 offen.');
    });
    await addWidget(page, 'Webseite', async () => {
      await page.getByRole('textbox', { name: 'Titel' }).fill('Radar');
      await page.getByRole('textbox', { name: 'Adresse' }).fill('https://example.org/radar');
    });

    // The gauge in the editor shows the server's value of the moment, and follows it.
    const gauge = editor(page).locator(`[data-editor-widget] [data-pv="${key}"][data-value]`);
    await gauge.waitFor({ timeout: 15_000 });
    let matched = false;
    for (let attempt = 0; attempt < 10 && !matched; attempt++) {
      const expected = pvValue();
      matched = await page
        .waitForFunction(
          ([k, v]) =>
            document
              .querySelector(`[data-testid="dashboard-editor"] [data-pv="${k}"]`)
              ?.getAttribute('data-value') === String(v),
          [key, expected] as const,
          { timeout: 1_500 },
        )
        .then(() => true)
        .catch(() => false);
    }
    expect(matched).toBe(true);
    const first = await gauge.getAttribute('data-value');
    await expect.poll(() => gauge.getAttribute('data-value'), { timeout: 30_000 }).not.toBe(first);

    // Over every preview lies the shield: the point in its middle is the shield, not the widget
    // (not the web page's frame), and nothing in it takes the keyboard.
    const previews = editor(page).getByTestId('widget-preview');
    expect(await previews.count()).toBe(3);
    const hits = await previews.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.className ?? '';
      }),
    );
    expect(hits).toEqual(['dash-editor__shield', 'dash-editor__shield', 'dash-editor__shield']);
    expect(await editor(page).locator('[data-kind="Browser"] iframe').count()).toBe(1);
    expect(await editor(page).locator('[data-testid="widget-preview"] > [inert]').count()).toBe(3);
    await editor(page).locator('[data-testid="widget-preview"][data-kind="Note"]').click();
    expect(await editor(page).locator('textarea').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/editor-preview-1440.png`, fullPage: true });

    // Grabbed by its live preview, the gauge moves one cell down; its size button makes it Medium.
    const card = editor(page).locator('[data-editor-widget]').first();
    const preview = await card.getByTestId('widget-preview').boundingBox();
    const canvas = await page.getByTestId('free-canvas').boundingBox();
    if (!preview || !canvas) throw new Error('the editor shows no free canvas');
    const cell = canvas.width / 6;
    const at = { x: preview.x + preview.width / 2, y: preview.y + preview.height / 2 };
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x, at.y + cell / 2, { steps: 5 });
    await page.mouse.move(at.x, at.y + cell, { steps: 5 });
    await page.mouse.up();
    await card.getByTestId('widget-size').click();
    expect(await card.getAttribute('data-size')).toBe('Medium');
    await page.screenshot({ path: `${SHOTS}/editor-preview-moved-1440.png`, fullPage: true });
    await editor(page).getByRole('button', { name: 'Speichern' }).click();
    await editor(page).waitFor({ state: 'detached', timeout: 15_000 });

    // Saved as arranged, the widgets' settings as they were given.
    const saved = (await server.services.domain.dashboards.config()).dashboards.find((d) => d.id === id);
    expect(saved).toMatchObject({
      name: 'Vorschau Zulauf',
      layout: 'FreeLayout',
      version: 2,
      widgets: [
        {
          kind: 'SingleValue',
          title: 'Zulauf',
          size: 'Medium',
          pv: { type: 'AnaIn', nr: 100070 },
          style: 'DigitalGauge',
          position: { x: 0, y: 1, width: 2, height: 2 },
        },
        {
          kind: 'Note',
          note: 'Schieber 7 offen.',
          size: 'Small',
          position: { x: 1, y: 0, width: 1, height: 1 },
        },
        {
          kind: 'Browser',
          title: 'Radar',
          url: 'https://example.org/radar',
          position: { x: 2, y: 0, width: 2, height: 2 },
        },
      ],
    });
    // The dashboard shows the gauge live, as the editor did.
    await page
      .locator(`[data-kind="SingleValue"] [data-pv="${key}"][data-value]`)
      .waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it('fits a phone: the editor, its palette and the free grid without the page overflowing', async () => {
    const page = await signIn('betrieb', PHONE);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${server.url}/${made}`);
    await page.getByRole('button', { name: 'Dashboard bearbeiten' }).click();
    await editor(page).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/editor-390.png`, fullPage: true });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await editor(page).getByRole('button', { name: 'Widget hinzufügen' }).click();
    await page.getByTestId('widget-palette').waitFor();
    // For the picture only: the dialog fades in.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/editor-palette-390.png` });
    await page.getByTestId('widget-palette').getByRole('button', { name: 'Karte', exact: true }).click();
    await page.getByRole('textbox', { name: 'Zoomstufe' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/editor-map-form-390.png` });
    await page.keyboard.press('Escape');
    await page.locator('.mantine-Modal-overlay').waitFor({ state: 'detached' });
    await page.goto(`${server.url}/${plan}`);
    await page.getByRole('button', { name: 'Dashboard bearbeiten' }).click();
    await page.getByTestId('free-canvas').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/editor-free-390.png`, fullPage: true });
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Live previews on the free grid of a phone: the gauge's value shows in its cells.
    await page.goto(`${server.url}/${previewed}`);
    await page.getByRole('button', { name: 'Dashboard bearbeiten' }).click();
    await editor(page).locator('[data-editor-widget] [data-pv][data-value]').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/editor-preview-390.png`, fullPage: true });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
