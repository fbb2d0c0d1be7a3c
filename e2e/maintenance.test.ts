import ExcelJS from 'exceljs';
import ical, { type CalendarComponent, type VEvent } from 'node-ical';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { AppShell } from './pages/app-shell.js';
import { LoginPage } from './pages/login-page.js';
import {
  DatasheetPage,
  LifecyclePage,
  MaintenanceMessagesPage,
  RuntimesPage,
} from './pages/maintenance-pages.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const isEvent = (c: CalendarComponent | undefined): c is VEvent => c?.type === 'VEVENT';

// Of the demo plant: Zulaufpumpe 1 of the treatment plant has run past its 8000 h service
// interval, Gebläse 1 is within its last tenth and shown in days.
const INLET_PUMP = 'DigiIn-1100020';
const INLET_PUMP_HOURS = 'RechenWert-11020';
const BLOWER_HOURS = 'RechenWert-11030';

/** A real, if tiny, PDF padded with comment lines to `size` bytes, so its upload takes a while on a slow line. */
function pdfOf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const line = `%${'x'.repeat(78)}\n`;
  const lines = Math.max(0, Math.floor((size - head.length - tail.length) / line.length));
  return Buffer.from(head + line.repeat(lines) + tail);
}

describe('maintenance in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  const signIn = async (username: string, pathname: string): Promise<Page> => {
    const { page } = await newPage(browser);
    const login = new LoginPage(page);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(pathname)}`);
    await login.logIn(username, TEST_PLANT_USERS_PASSWORD);
    await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
    return page;
  };

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("shows the demo's due machines from the navigation, scaled to their dimension", async () => {
    const page = await signIn('betrieb', '/overview');
    const shell = new AppShell(page);
    await shell.navigation.getByText('Wartung', { exact: true }).waitFor();
    await shell.navigateTo('Wartungsmeldungen', '/maintenance/messages');
    await shell.waitForHeading('Wartungsmeldungen');
    const messages = new MaintenanceMessagesPage(page);
    await messages.waitForRows();

    // Each runtime lists its pre-warning (TopMiddle) and its due message (Top), in that order.
    expect(await messages.urgency(INLET_PUMP_HOURS, 1)).toBe('overdue');
    expect(await messages.cell(INLET_PUMP_HOURS, 1, 'target')).toBe('8.000,0');
    expect(await messages.cell(INLET_PUMP_HOURS, 1, 'current')).toMatch(/^8\.1\d\d,\d$/);
    expect(await messages.cell(INLET_PUMP_HOURS, 1, 'remaining')).toMatch(/^-1\d\d,\d$/);
    // 7960 h of 8000 h, shown in days: 331.7 of 333.3.
    expect(await messages.urgency(BLOWER_HOURS, 1)).toBe('dueSoon');
    expect(await messages.cell(BLOWER_HOURS, 1, 'target')).toBe('333,3');
    expect(await messages.cell(BLOWER_HOURS, 1, 'current')).toMatch(/^33[12],\d$/);
    // The overdue and soon-due come first.
    const first = await page.locator('tr[data-pv]').first().getAttribute('data-urgency');
    expect(first).toBe('overdue');

    // Only the selected station.
    await messages.chooseStation('Wasserwerk Auheim');
    await page.waitForFunction(
      (key) => document.querySelector(`tr[data-pv="${key}"]`) === null,
      INLET_PUMP_HOURS,
      { timeout: 10_000 },
    );
    expect(await page.locator('tr[data-pv="RechenWert-1020"]').count()).toBe(2);
    await page.context().close();
  });

  it('reports runtimes below a compare value, prints without its controls and exports CSV', async () => {
    const page = await signIn('betrieb', '/maintenance/report');
    await new AppShell(page).waitForHeading('Wartungsbericht');
    await page.getByText('Nach Vergleichswert', { exact: true }).click();
    // Default: below 10 % of the target remaining, all stations.
    await page.locator(`tr[data-pv="${INLET_PUMP_HOURS}"]`).first().waitFor({ timeout: 15_000 });
    expect(await page.locator(`tr[data-pv="${BLOWER_HOURS}"]`).count()).toBeGreaterThan(0);
    // Brunnenpumpe 1 has 5210 of 8000 h: far from due.
    expect(await page.locator('tr[data-pv="RechenWert-1020"]').count()).toBe(0);

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Drucken' }).isVisible()).toBe(false);
    expect(await page.locator(`tr[data-pv="${INLET_PUMP_HOURS}"]`).first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als CSV exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Wartungsbericht-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    });
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Station;Maschine;Laufzeit;EKS;Meldungstext;Laufzeittyp;Einheit;Aktuell;Soll;Restlaufzeit;Fällig am (Prognose);Zustand',
    );
    expect(
      lines.some((l) => l.includes('Zulaufpumpe 1: Wartungsintervall erreicht') && l.includes('Überfällig')),
    ).toBe(true);
    await page.context().close();
  });

  it('exports the report as XLSX made on the server, with the overdue due today', async () => {
    const page = await signIn('betrieb', '/maintenance/report');
    await new AppShell(page).waitForHeading('Wartungsbericht');
    await page.locator(`tr[data-pv="${INLET_PUMP_HOURS}"]`).first().waitFor({ timeout: 15_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Als XLSX exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Wartungsprotokoll_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile(await download.path());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = book.getWorksheet('Wartung')!;
    expect(sheet.getRow(2).values).toContain('Fällig am (Prognose)');
    const rows = sheet.getRows(3, sheet.rowCount - 3) ?? [];
    const overdue = rows.find(
      (r) => r.getCell(5).value === 'Kläranlage Talaue – Zulaufpumpe 1: Wartungsintervall erreicht',
    );
    expect(overdue?.getCell(11).value).toBe('Überfällig');
    expect(typeof overdue?.getCell(10).value).toBe('number');
    // Overdue is due now: today's date in the plant's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(Date.now());
    expect((overdue?.getCell(12).value as Date).toISOString().slice(0, 10)).toBe(today);
    await page.context().close();
  });

  it('makes a calendar link a calendar program can read, and revoking it ends the feed', async () => {
    const page = await signIn('betrieb', '/maintenance/messages');
    await new MaintenanceMessagesPage(page).waitForRows();
    await page.getByText('Es gibt noch keinen Kalender-Link.').waitFor();
    await page.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
    const address = await page.getByLabel('Kalender-Link').inputValue();
    expect(address).toMatch(/\/api\/maintenance\/due\.ics\?token=[A-Za-z0-9_-]{43}$/);
    // The calendar program has no session: the token alone lets it in.
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    const entries = Object.values(ical.sync.parseICS(await feed.text())).filter(isEvent);
    expect(entries.some((e) => String(e.summary).includes('Zulaufpumpe 1: Wartungsintervall erreicht'))).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Widerrufen' }).click();
    await page.getByText('Es gibt noch keinen Kalender-Link.').waitFor();
    expect((await fetch(address)).status).toBe(401);
    await page.context().close();
  });

  it('refuses a negative runtime, then sets it; the messages follow live and the audit has it', async () => {
    const messagesPage = await signIn('instandhaltung', '/maintenance/messages');
    const messages = new MaintenanceMessagesPage(messagesPage);
    await messages.waitForRows();
    expect(await messages.urgency(INLET_PUMP_HOURS, 1)).toBe('overdue');

    const page = await signIn('instandhaltung', `/maintenance/runtimes/${INLET_PUMP}`);
    const runtimes = new RuntimesPage(page);
    await runtimes.open(server.url, INLET_PUMP);
    await runtimes.editButton().click();
    await runtimes.fill(INLET_PUMP_HOURS, 'value', '-5');
    await runtimes.save();
    await runtimes.dialog().getByText('Wert darf nicht negativ sein.').waitFor({ timeout: 5_000 });
    await runtimes.fill(INLET_PUMP_HOURS, 'value', '');
    await runtimes.dialog().getByText('Wert darf nicht leer sein.').waitFor({ timeout: 5_000 });

    await runtimes.fill(INLET_PUMP_HOURS, 'value', '12');
    await runtimes.save();
    await runtimes.dialog().waitFor({ state: 'hidden', timeout: 10_000 });
    await page.waitForFunction(
      (key) =>
        /^12(,\d)?\s*h$/.test(
          document
            .querySelector(`[data-runtime="${key}"] [data-cell="runtime-value"]`)
            ?.textContent?.trim()
            .replace(/\u00a0/g, ' ') ?? '',
        ),
      INLET_PUMP_HOURS,
      { timeout: 10_000 },
    );

    // The messages screen, open all along, follows the new runtime without a reload.
    await messagesPage.waitForFunction(
      (key) => document.querySelectorAll(`tr[data-pv="${key}"]`)[1]?.getAttribute('data-urgency') === 'ok',
      INLET_PUMP_HOURS,
      { timeout: 10_000 },
    );
    const audit = await server.services.store.audit.range(0, Number.MAX_SAFE_INTEGER, 50);
    const row = audit.find((a) => a.action === 'runtime-set' && a.object === INLET_PUMP_HOURS);
    expect(row?.username).toBe('instandhaltung');
    await page.context().close();
    await messagesPage.context().close();
  });

  it('saves an added and two edited life-cycle entries in one bulk call that survives a reload', async () => {
    const page = await signIn('instandhaltung', '/maintenance/lifecycle/DigiIn-100020');
    const lifecycle = new LifecyclePage(page);
    await lifecycle.open(server.url, 'DigiIn-100020');
    const before = await lifecycle.texts();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const bulkCalls: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'POST' &&
        new URL(request.url()).pathname.startsWith('/api/maintenance/machine-lifecycle')
      )
        bulkCalls.push(request.postData() ?? '');
    });

    await lifecycle.fillRow(0, 'text', `${before[0]} Nachtrag: Lager nachgefettet.`);
    await lifecycle.fillRow(1, 'text', `${before[1]} Nachtrag: Protokoll abgelegt.`);
    await lifecycle.add();
    // The new row comes first; the edited ones move down by one.
    await lifecycle.fillRow(0, 'date', '2026-03-02');
    await lifecycle.fillRow(0, 'kind', 'Ölwechsel');
    await lifecycle.fillRow(0, 'text', 'Ölwechsel Motorlager, 0,4 l Mehrzweckfett.');
    await lifecycle.saveButton().click();
    await page.waitForFunction(() => document.querySelector('tr[data-entry="new"]') === null, undefined, {
      timeout: 10_000,
    });
    expect(bulkCalls).toHaveLength(1);
    const sent = JSON.parse(bulkCalls[0]!) as {
      entriesToCreate: unknown[];
      entriesToUpdate: unknown[];
      idsToDelete: unknown[];
    };
    expect([sent.entriesToCreate.length, sent.entriesToUpdate.length, sent.idsToDelete.length]).toEqual([
      1, 2, 0,
    ]);

    await page.reload();
    await lifecycle.open(server.url, 'DigiIn-100020');
    const after = await lifecycle.texts();
    expect(after).toContain('Ölwechsel Motorlager, 0,4 l Mehrzweckfett.');
    expect(after).toContain(`${before[0]} Nachtrag: Lager nachgefettet.`);
    expect(after).toContain(`${before[1]} Nachtrag: Protokoll abgelegt.`);
    await page.context().close();
  });

  it('uploads a PDF with visible progress, leaves nothing of a cancelled one and refuses HTML named .pdf', async () => {
    const page = await signIn('instandhaltung', '/maintenance/datasheet/DigiIn-100020');
    const sheet = new DatasheetPage(page);
    await sheet.open(server.url, 'DigiIn-100020');
    const machine = { type: 'DigiIn', nr: 100020 } as const;
    const stored = async () => (await server.services.domain.maintenance.documents(machine)).length;
    const before = await stored();
    const shown = await sheet.documents().count();
    // A slow line (2 MiB/s up) so the progress of a 4 MiB file can be seen and the upload cancelled.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });

    await sheet.describe('Betriebsanleitung Brunnenpumpe');
    await sheet.chooseFile('Betriebsanleitung.pdf', pdfOf(4 * 1024 * 1024));
    await sheet.add();
    await sheet.progress().waitFor({ timeout: 5_000 });
    await page.waitForFunction(
      () => {
        const shownProgress = Number(
          document.querySelector('[data-upload-progress]')?.getAttribute('data-upload-progress'),
        );
        return shownProgress > 0 && shownProgress < 100;
      },
      undefined,
      { timeout: 10_000 },
    );
    await page.getByRole('link', { name: 'Betriebsanleitung Brunnenpumpe' }).waitFor({ timeout: 30_000 });
    expect(await sheet.documents().count()).toBe(shown + 1);
    expect(await stored()).toBe(before + 1);

    // Cancelled halfway: the screen says so and the server keeps nothing.
    await sheet.describe('Schaltplan');
    await sheet.chooseFile('Schaltplan.pdf', pdfOf(8 * 1024 * 1024));
    await sheet.add();
    await sheet.progress().waitFor({ timeout: 5_000 });
    await sheet.cancelButton().click();
    await page.getByText('Der Upload wurde abgebrochen.').waitFor({ timeout: 5_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await stored()).toBe(before + 1);
    expect(await sheet.documents().count()).toBe(shown + 1);

    // HTML dressed up as a PDF: refused with the server's own words.
    await sheet.describe('Angebliches PDF');
    await sheet.chooseFile('Angebot.pdf', Buffer.from('<!DOCTYPE html><html><body>kein PDF</body></html>'));
    await sheet.add();
    const refusal = page.getByRole('alert').filter({ hasText: 'Das Dokument wurde nicht angenommen' });
    await refusal.waitFor({ timeout: 10_000 });
    expect(await refusal.innerText()).toMatch(
      /Dateityp nicht erlaubt|Dateiname und Dateiinhalt passen nicht zusammen/,
    );
    expect(await stored()).toBe(before + 1);
    await page.context().close();
  });

  it('a switching time edited in the time control table reaches the PV and the audit', async () => {
    const page = await signIn('betrieb', '/maintenance/time-control');
    await new AppShell(page).waitForHeading('Zeitsteuerung');
    await new MaintenanceMessagesPage(page).chooseStation('Wasserwerk Auheim');
    // The filter backwash of the waterworks switches on at 02:00.
    const row = page.locator('tr[data-pv="AnaOut-100075"]');
    await row.waitFor({ timeout: 15_000 });
    expect((await row.locator('[data-cell="time"]').innerText()).trim()).toBe('02:00');
    await row.locator('input[data-field="time"]').fill('03:15');
    await row.getByRole('button', { name: 'Setzen' }).click();
    await page.waitForFunction(
      () =>
        document.querySelector('tr[data-pv="AnaOut-100075"] [data-cell="time"]')?.textContent?.trim() ===
        '03:15',
      undefined,
      { timeout: 10_000 },
    );
    const value = server.services.plant.values.get('AnaOut-100075');
    expect(value?.type === 'TimeOfDayValue' ? value.timeOfDayValue : null).toEqual({ hour: 3, minutes: 15 });
    const audit = await server.services.store.audit.range(0, Number.MAX_SAFE_INTEGER, 100);
    expect(audit.find((a) => a.action === 'pv.write' && a.object === 'AnaOut-100075')?.username).toBe(
      'betrieb',
    );
    await page.context().close();
  });

  it("a switching time edited in a machine's week reaches the PV and the audit", async () => {
    const page = await signIn('betrieb', '/maintenance/time-control');
    await new AppShell(page).waitForHeading('Zeitsteuerung');
    await new MaintenanceMessagesPage(page).chooseStation('Wasserwerk Auheim');
    // Netzpumpe 1 runs from 07:00 on Saturdays, from 05:00 on weekdays.
    const program = page.locator('[data-program="ww-np1-programm"]');
    await program.waitFor({ timeout: 15_000 });
    expect(await program.locator('tr[data-day]').count()).toBe(7);
    const saturdayOn = program.locator('tr[data-day="sat"] [data-switch="on"]');
    const key = await saturdayOn.getAttribute('data-pv');
    expect(key).toMatch(/^AnaOut-1\d{5}$/);
    const field = saturdayOn.locator('input[data-field="time"]');
    expect(await field.inputValue()).toBe('07:00');
    expect(await program.locator('tr[data-day="mon"] [data-switch="on"] input').inputValue()).toBe('05:00');
    await field.fill('06:30');
    await saturdayOn.getByRole('button', { name: 'Setzen' }).click();
    const valueOf = () =>
      page.evaluate(async (pv) => {
        const items = (await (await fetch('/api/Pv/all')).json()) as {
          config: { pvRef: { type: string; nr: number } };
          value: { timeOfDayValue?: { hour: number; minutes: number } } | null;
        }[];
        return items.find((i) => `${i.config.pvRef.type}-${i.config.pvRef.nr}` === pv)?.value?.timeOfDayValue;
      }, key);
    await expect.poll(valueOf, { timeout: 10_000 }).toEqual({ hour: 6, minutes: 30 });
    const audit = await server.services.store.audit.range(0, Number.MAX_SAFE_INTEGER, 1000);
    expect(audit.find((a) => a.action === 'pv.write' && a.object === key)?.username).toBe('betrieb');

    // The valve of the treatment plant may only switch in the day shift: the set-values check refuses 05:30.
    await new MaintenanceMessagesPage(page).chooseStation('Kläranlage Talaue');
    const valve = page
      .locator('[data-program="ka-schieber-programm"] tr[data-day="mon"] [data-switch="on"]')
      .first();
    await valve.waitFor({ timeout: 15_000 });
    await valve.locator('input[data-field="time"]').fill('05:30');
    await valve.getByRole('button', { name: 'Setzen' }).click();
    expect(await valve.getByRole('alert').innerText()).toContain('06:00');
    await page.context().close();
  });

  it('a viewer sees runtimes, life cycle and data sheet and can change nothing', async () => {
    const page = await signIn('gast', `/maintenance/runtimes/${INLET_PUMP}`);
    const runtimes = new RuntimesPage(page);
    await runtimes.open(server.url, INLET_PUMP);
    expect(await page.locator('[data-runtime]').count()).toBe(2);
    expect(await runtimes.editButton().count()).toBe(0);

    const lifecycle = new LifecyclePage(page);
    await lifecycle.open(server.url, 'DigiIn-100020');
    expect(await lifecycle.saveButton().count()).toBe(0);
    expect(await page.locator('[data-field="text"]').first().getAttribute('readonly')).not.toBeNull();

    const sheet = new DatasheetPage(page);
    await sheet.open(server.url, 'DigiIn-100020');
    expect(await sheet.documents().count()).toBeGreaterThan(0);
    expect(await page.locator('input[type="file"]').count()).toBe(0);

    await page.goto(`${server.url}/maintenance/time-control`);
    await page.locator('tr[data-pv="AnaOut-100075"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-program="ww-np1-programm"] [data-cell="time"]').first().waitFor();
    expect(await page.locator('[data-program] [data-cell="time"]').count()).toBeGreaterThan(20);
    expect(await page.locator('input[data-field="time"]').count()).toBe(0);
    await page.context().close();
  });
});
