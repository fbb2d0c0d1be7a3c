// Issue 25 "Reports", in the browser as operators use them: the demo's day report against the
// raw archive, today's live values, a manual laboratory value in the month report (marked, kept,
// exported as XLSX and PDF), a viewer who cannot edit, and the annual overflow report.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { addLocalDays, addLocalMonths, formatLocalDate, localDateTimeOf, reportRange } from '@leitwarte/core';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuebEventRepository } from '../packages/server/src/store/reports/index';
import {
  createSeriesRepository,
  createHistoryRepository,
  openHistoryDb,
} from '../packages/server/src/store/historian/index';
import { TEST_PLANT_USERS_PASSWORD, type TestServer } from '../packages/server/src/test-support/test-server';
import { createScheduledExports } from '../packages/server/src/plant/reports/scheduled-exports';
import { LoginPage } from './pages/login-page.js';
import { OverflowReportPage, ReportPage } from './pages/report-pages.js';
import { startAppServer } from './support/app-server.js';
import { launchBrowser, newPage } from './support/browser.js';

const PRESSURE = 'AnaIn-100070';
const TZ = 'Europe/Berlin';
const de2 = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The PDF's text, page by page, read with pdf.js. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // The standard fonts of pdf.js's package, so the reader needs nothing from outside.
  const fonts = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data: bytes, standardFontDataUrl: fonts }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n');
}

describe('reports in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let today: { year: number; month: number; day: number };

  const signIn = async (user: string, pathname: string) => {
    const { page: p } = await newPage(browser);
    const login = new LoginPage(p);
    await login.open(server.url, `/login?returnUrl=${encodeURIComponent(pathname)}`);
    await login.logIn(user, TEST_PLANT_USERS_PASSWORD);
    await p.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
    return p;
  };

  beforeAll(async () => {
    // Two simulated days: yesterday is a whole archived day of the demo plant.
    server = await startAppServer({ config: { backfill: true, backfillDays: 2 } });
    browser = await launchBrowser();
    const l = localDateTimeOf(Date.now(), TZ);
    today = { year: l.year, month: l.month, day: l.day };
    page = await signIn('betrieb', '/reports/day');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows yesterday in 96 quarter hours whose means are those of the raw samples', async () => {
    const yesterday = addLocalDays(today, -1);
    const report = new ReportPage(page);
    await report.open(server.url, 'day', `report=1&date=${formatLocalDate(yesterday)}`);
    const heads = await report.headTexts();
    const column = heads.findIndex((h) => h.startsWith('Netzdruck Mittel')) - 1;
    expect(heads[column + 1]).toContain('[bar]');
    const rows = await report.rowTexts();
    expect(rows).toHaveLength(96);
    expect(rows[1]![0]).toBe('00:15');

    // Means computed here from the raw archive, not by the server's rollups.
    await server.services.historian.flush();
    const hdb = await openHistoryDb(server.services.store, server.config.dataDir);
    const expected: string[] = [];
    try {
      const id = (await createSeriesRepository(hdb).ensure([PRESSURE])).get(PRESSURE)!;
      const repo = createHistoryRepository(hdb);
      for (const interval of reportRange('day', yesterday, TZ, 'quarterHour').intervals) {
        const values: number[] = [];
        await repo.scanSamples(id, interval.from, interval.to, (_t, v) => values.push(v));
        expected.push(
          values.length === 0 ? '' : de2.format(values.reduce((a, b) => a + b, 0) / values.length),
        );
      }
    } finally {
      await hdb.close();
    }
    expect(expected.filter((e) => e !== '').length).toBeGreaterThan(90);
    expect(rows.map((r) => r[column + 1])).toEqual(expected);
    for (const kind of ['sum', 'mean', 'min', 'max']) await report.footer(kind).waitFor();
    expect(await report.footer('mean').locator('td').nth(column).innerText()).toMatch(/^\d+,\d{2}$/);
  });

  it('keeps today live: the running row and today’s value so far from the report-data channel', async () => {
    const report = new ReportPage(page);
    await report.open(server.url, 'day', `report=1&date=${formatLocalDate(today)}`);
    await page.locator('tbody tr[data-running]').waitFor({ timeout: 20_000 });
    const todayRow = report.footer('today');
    await page.waitForFunction(
      () => {
        const cells = document.querySelectorAll('tfoot tr[data-footer="today"] td');
        return [...cells].some((c) => /\d/.test(c.textContent ?? ''));
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await todayRow.locator('th').innerText()).toMatch(/^Heute bis \d{2}:\d{2}$/);
  });

  it('marks a manual laboratory value, keeps it over a reload and exports it as XLSX and PDF', async () => {
    const date = formatLocalDate(addLocalMonths(today, -1));
    const report = new ReportPage(page);
    await report.open(server.url, 'month', `report=3&date=${date}`);
    const heads = await report.headTexts();
    const csb = heads.findIndex((h) => h.startsWith('CSB Zulauf')) - 1;
    await report.enterManual(4, csb, '512');
    await expect.poll(() => report.cell(4, csb).innerText()).toBe('512 *');
    expect(await report.cell(4, csb).getAttribute('data-manual')).toBe('true');
    await page.getByText('* Handeingabe').waitFor();

    await page.reload();
    await report.table().waitFor();
    await expect.poll(() => report.cell(4, csb).innerText()).toBe('512 *');

    const xlsx = await report.export('XLSX');
    expect(xlsx.suggestedFilename()).toBe(`Monatsbericht-Klaranlage-Talaue_${date}.xlsx`);
    const book = new ExcelJS.Workbook();
    const bytes = await readFile(await xlsx.path());
    await book.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    // Two head rows, then the days: the fifth day is row 7.
    expect(sheet.getRow(7).getCell(csb + 2).value).toBe(512);
    expect(sheet.getRow(7).getCell(csb + 2).note).toBe('Handeingabe');

    const pdf = await report.export('PDF');
    const text = await pdfText(new Uint8Array(await readFile(await pdf.path())));
    expect(text).toContain('Monatsbericht Kläranlage Talaue');
    expect(text).toContain('512 *');
    expect(text).toContain('* Handeingabe');

    // A wrong entry is refused with the reason, nothing saved.
    await report.cell(5, csb).locator('.report-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Wert').fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte eine Zahl eingeben.').waitFor();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    expect(await report.cell(5, csb).innerText()).toBe('–');
  });

  it('lets a viewer read the report but not edit it', async () => {
    const date = formatLocalDate(addLocalMonths(today, -1));
    const viewer = await signIn('gast', `/reports/month`);
    const report = new ReportPage(viewer);
    await report.open(server.url, 'month', `report=3&date=${date}`);
    const heads = await report.headTexts();
    const csb = heads.findIndex((h) => h.startsWith('CSB Zulauf')) - 1;
    await expect.poll(() => report.cell(4, csb).innerText()).toBe('512 *');
    expect(await report.editButtons().count()).toBe(0);
    await viewer.close();
  });

  it('lists a year’s overflow events of the basins with their total', async () => {
    // The demo's own spills of its told days, found by the detection from the simulated values.
    const own = await server.services.domain.rueb.events(9, today.year, 0);
    await server.services.historian.flush();
    const inputAt = async (t: number) => {
      const { series } = await server.services.historian.chartData({
        series: [{ pv: { type: 'DigiIn', nr: 900012 }, measurementType: 'Aktuell' }],
        start: t - 30 * 60_000,
        end: t + 1,
        width: 1,
        source: 'MeasurementArchive',
        reduce: false,
      });
      return Number(series[0]?.points.filter((p) => p.t <= t).at(-1)?.v);
    };
    for (const e of own) {
      expect(await inputAt(e.start), 'the archived overflow input is on when an event starts').toBe(1);
      if (e.end !== null) expect(await inputAt(e.end), 'and off when it ends').toBe(0);
    }
    // Two spills of the Talheim basin as the detection records them (open, then closed).
    const repo = createRuebEventRepository(server.services.store.db);
    const startOf = (month: number, day: number, hour: number) =>
      Date.UTC(today.year, month - 1, day, hour - 1);
    const spills = [
      { start: startOf(1, 14, 3), minutes: 95, volume: 412.4, level: 4.21 },
      { start: startOf(today.month, 1, 18), minutes: 40, volume: 96.6, level: 4.05 },
    ];
    for (const s of spills) {
      const opened = await repo.open({ basinId: 'rueb-th', stationNr: 9, start: s.start, maxLevel: s.level });
      await repo.update(opened.id, {
        end: s.start + s.minutes * 60_000,
        overflowVolume: s.volume,
        maxLevel: s.level,
      });
    }
    const overflow = new OverflowReportPage(page);
    await overflow.open(server.url, `/reports/overflow/year?year=${today.year}&basin=rueb-th`);
    await expect.poll(() => overflow.events().count(), { timeout: 20_000 }).toBe(own.length + 2);
    const total = own.reduce((sum, e) => sum + e.overflowVolume, 509);
    expect(Number(await overflow.totalVolume().getAttribute('data-total-volume'))).toBeCloseTo(total, 6);
    expect(await overflow.totalVolume().innerText()).toBe(
      new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }).format(total),
    );
    const january = page.locator('[data-summary="1"] td');
    expect(await january.nth(1).innerText()).toBe('1');
    expect(await january.nth(2).innerText()).toBe('1:35');
    expect(await page.locator('[data-summary="total"] td').nth(1).innerText()).toBe(String(own.length + 2));
  });

  it('schedules an export that writes its file once per period and lists the run', async () => {
    await page.goto(`${server.url}/reports/export-settings`);
    await page.getByText('Noch keine geplanten Exporte.').waitFor({ timeout: 20_000 });
    await page.getByLabel('Bericht', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Tagesbericht Wasserwerk Auheim (täglich)' }).click();
    await page.getByLabel('Zielordner', { exact: true }).fill('tagesberichte');
    await page.getByRole('button', { name: 'Export planen' }).click();
    const row = page.locator('[data-scheduled-export]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('[data-last-run]').getAttribute('data-last-run')).toBe('none');

    // Two days on, as the server's minute timer would find it (and again after a restart).
    const [created] = await server.services.domain.scheduledExports.list(
      (await server.services.store.users.byName('betrieb'))!.id,
    );
    const later = created!.createdAt + 2 * 86_400_000;
    const at = () =>
      createScheduledExports({
        db: server.services.store.db,
        reports: server.services.domain.reports,
        annotations: (q) => server.services.domain.annotations.list(q),
        canRead: async () => true,
        plantName: server.services.plant.info.name,
        timeZone: TZ,
        exportDir: path.join(server.config.dataDir, 'exports'),
        mail: null,
        now: () => later,
      });
    const ran = await at().runDue();
    expect(ran).toBeGreaterThan(0);
    expect(await at().runDue()).toBe(0);
    const files = await readdir(path.join(server.config.dataDir, 'exports', 'tagesberichte'));
    expect(files).toHaveLength(ran);
    expect(files.every((f) => /^Tagesbericht-Wasserwerk-Auheim_\d{4}-\d{2}-\d{2}\.xlsx$/.test(f))).toBe(true);

    await page.reload();
    await expect
      .poll(() => row.locator('[data-last-run]').getAttribute('data-last-run'), { timeout: 20_000 })
      .toBe('Success');
    expect(await row.textContent()).toContain('Erfolgreich');
  });
});
