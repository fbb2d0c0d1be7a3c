import {
  pvKey,
  reportRange,
  type ManualInputReply,
  type Point,
  type PvRef,
  type ReportConfig,
  type ReportData,
} from '@leitwarte/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryRepository, createSeriesRepository, openHistoryDb } from '../store/historian/index.js';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';

const LEVEL = { type: 'AnaIn', nr: 100010 } as const;
const METER = { type: 'ZaehlWert', nr: 1060 } as const;
const LEVEL_LINDENBERG = { type: 'AnaIn', nr: 200010 } as const;
const CSB = { type: 'LaborWert', nr: 11901 } as const;
const DAY = { year: 2025, month: 1, day: 7 };

/** Writes raw samples into the historian's archive, as its ingest would, and rolls them up. */
async function archiveSamples(server: TestServer, samples: Map<PvRef, Point[]>): Promise<void> {
  const { store } = server.services;
  const hdb = await openHistoryDb(store, server.config.dataDir);
  try {
    const keys = [...samples.keys()].map(pvKey);
    const ids = await createSeriesRepository(hdb).ensure(keys);
    const rows = [...samples].flatMap(([pv, points]) =>
      points.map((p) => ({ seriesId: ids.get(pvKey(pv)) as number, ...p })),
    );
    await createHistoryRepository(hdb).write({ samples: rows, merge: {} });
  } finally {
    await hdb.close();
  }
  const all = [...samples.values()].flat().map((p) => p.t);
  await server.services.historian.rebuildRollups(Math.min(...all), Math.max(...all) + 1, [...samples.keys()]);
}

// calls §7 Reports, §9 date format; past rows from the historian's rollups.
describe.each(BOTH_DIALECTS)('report routes on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  let station2: LoggedIn;
  const level: Point[] = [];
  const meter: Point[] = [];
  const lindenberg: Point[] = [];

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrfToken,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const json = async <T>(who: LoggedIn, path: string): Promise<T> => {
    const reply = await call(who, 'GET', path);
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Lindenberg', ['read', 'writeValues'], {
      allStations: false,
      stations: [2],
      pvGroups: [],
    });
    station2 = await loginAsNewUser(server, 'lindenberg', 'Lindenberg');
    // Two days around the report day: irregular level samples and a meter that advances.
    const from = Date.UTC(2025, 0, 6, 12);
    let seed = 11;
    let reading = 5000;
    for (let t = from; t < from + 2 * 86_400_000; t += 45_000 + (seed % 60_000)) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      level.push({ t, v: Math.round(300 + Math.sin(t / 7.2e6) * 120 + (seed % 100)) / 100 });
      reading += (seed % 500) / 100;
      meter.push({ t, v: Math.round(reading * 100) / 100 });
      lindenberg.push({ t, v: Math.round(200 + Math.cos(t / 5e6) * 80) / 100 });
    }
    await archiveSamples(
      server,
      new Map<PvRef, Point[]>([
        [LEVEL, level],
        [METER, meter],
        [LEVEL_LINDENBERG, lindenberg],
      ]),
    );
  });
  afterAll(() => server.close());

  it('serves the report configs; unknown ids are 404', async () => {
    const configs = await json<ReportConfig[]>(admin, '/api/Report/configs');
    expect(configs.map((c) => c.kind)).toEqual(['day', 'week', 'month', 'year', 'overflow', 'special']);
    const day = await json<ReportConfig>(admin, '/api/Report/configs/1');
    expect(day.name).toBe('Tagesbericht Wasserwerk Auheim');
    expect(day.columns.length).toBe(8);
    expect((await call(admin, 'GET', '/api/Report/configs/99')).status).toBe(404);
  });

  it('answers a past day from the historian’s rollups, equal to the raw rows', async () => {
    const data = await json<ReportData>(admin, '/api/Report/data/1/day?date=2025-01-07');
    const timeZone = server.services.plant.info.timeZone;
    // The demo's day report has quarter-hour rows, as utilities print daily logs.
    const range = reportRange('day', DAY, timeZone, 'quarterHour');
    expect(data.rows).toHaveLength(96);
    expect(data.rows.map((r) => r.from)).toEqual(range.intervals.map((i) => i.from));
    const cells = await server.services.historian.reportData([LEVEL, METER], range);
    const column = (pv: PvRef, type: string) =>
      data.columns.findIndex(
        (c) => pvKey(c.dataBinding.pvRef) === pvKey(pv) && c.dataBinding.reportValueType === type,
      );
    for (const [i, interval] of range.intervals.entries()) {
      const row = data.rows[i]!;
      const inside = level.filter((p) => p.t >= interval.from && p.t < interval.to).map((p) => p.v);
      expect(row.values[column(LEVEL, 'Minwert')]!.value).toBe(Math.min(...inside));
      expect(row.values[column(LEVEL, 'Maxwert')]!.value).toBe(Math.max(...inside));
      expect(row.values[column(LEVEL, 'Minwert')]!.value).toBe(cells.get(pvKey(LEVEL))![i]!.min);
      // A meter's Summe: its advance from the previous hour's last reading.
      const lastBefore = meter.filter((p) => p.t < interval.from).at(-1)!.v;
      const lastIn = meter.filter((p) => p.t < interval.to).at(-1)!.v;
      const sum = row.values[column(METER, 'Summe')]!.value!;
      expect(sum).toBe(cells.get(pvKey(METER))![i]!.difference);
      expect(sum).toBeCloseTo(lastIn - lastBefore, 6);
      // PVs without archived samples that day have no value, not 0.
      expect(row.values[column({ type: 'AnaIn', nr: 100080 }, 'Maxwert')]!.value).toBeNull();
    }
  });

  it('answers a past week from the day rollups', async () => {
    const week = await json<ReportData>(admin, '/api/Report/data/2/week?date=2025-01-06');
    expect(week.rows.map((r) => r.label).slice(0, 3)).toEqual(['06.01.2025', '07.01.2025', '08.01.2025']);
    const min = week.columns.findIndex((c) => pvKey(c.dataBinding.pvRef) === pvKey(LEVEL_LINDENBERG));
    const row = week.rows[1]!;
    const inside = lindenberg.filter((p) => p.t >= row.from && p.t < row.to).map((p) => p.v);
    expect(row.values[min]!.value).toBe(Math.min(...inside));
    expect(week.rows[5]!.values[min]!.value).toBeNull();
  });

  it('keeps today’s running rows live', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: server.services.plant.info.timeZone }).format(
      new Date(),
    );
    const data = await json<ReportData>(admin, `/api/Report/data/1/day?date=${today}`);
    const now = Date.now();
    const running = data.rows.find((r) => r.from <= now && now < r.to)!;
    const min = data.columns.findIndex((c) => c.dataBinding.reportValueType === 'Minwert');
    expect(running.values[min]!.value).toEqual(expect.any(Number));
  });

  it('refuses dates that are not yyyy-MM-dd real dates and unknown kinds with 400', async () => {
    for (const date of ['2025-02-30', '2025-1-7', '07.01.2025', 'heute', '', '1969-12-31']) {
      const reply = await call(admin, 'GET', `/api/Report/data/1/day?date=${date}`);
      expect(reply.status, date).toBe(400);
    }
    expect((await call(admin, 'GET', '/api/Report/data/1/day')).status).toBe(400);
    expect((await call(admin, 'GET', '/api/Report/data/1/daily?date=2025-01-07')).status).toBe(400);
    expect((await call(admin, 'GET', '/api/Report/data/99/day?date=2025-01-07')).status).toBe(404);
    const bad = await call(admin, 'POST', '/api/Report/data/3/month/manual-input?date=2025-13-01', []);
    expect(bad.status).toBe(400);
  });

  it('saves manual inputs, shows them in the data and audits them', async () => {
    const item = { pv: CSB, index: 4, value: 512, state: 'Enabled', resetManualInput: false };
    const saved = await call(admin, 'POST', '/api/Report/data/3/month/manual-input?date=2025-01-01', [item]);
    expect(await saved.json()).toEqual({ status: 'Success', errorMessage: '' });
    const data = await json<ReportData>(admin, '/api/Report/data/3/month?date=2025-01-01');
    const csb = data.columns.findIndex((c) => pvKey(c.dataBinding.pvRef) === pvKey(CSB));
    expect(data.rows[4]!.values[csb]).toMatchObject({ value: 512, manualInput: 'Enabled' });
    const rows = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(rows.some((r) => r.action === 'report-manual-input' && r.username === 'admin')).toBe(true);
  });

  it('refuses invalid manual inputs, changing nothing', async () => {
    const path = '/api/Report/data/3/month/manual-input?date=2025-01-01';
    const item = (value: string) =>
      `[{"pv":{"type":"LaborWert","nr":11901},"index":4,"value":${value},"state":"Enabled","resetManualInput":false}]`;
    // 1e999 is Infinity once parsed: the body is refused before the route sees it.
    expect((await call(admin, 'POST', path, item('1e999'))).status).toBe(400);
    expect((await call(admin, 'POST', path, item('"NaN"'))).status).toBe(400);
    const row = (await (
      await call(admin, 'POST', path, [
        { pv: CSB, index: 40, value: 1, state: 'Enabled', resetManualInput: false },
      ])
    ).json()) as ManualInputReply;
    expect(row.status).toBe('Failed');
    const notManual = (await (
      await call(admin, 'POST', path, [
        { pv: LEVEL, index: 1, value: 1, state: 'Enabled', resetManualInput: false },
      ])
    ).json()) as ManualInputReply;
    expect(notManual.status).toBe('Failed');
    const data = await json<ReportData>(admin, '/api/Report/data/3/month?date=2025-01-01');
    const csb = data.columns.findIndex((c) => pvKey(c.dataBinding.pvRef) === pvKey(CSB));
    expect(data.rows[4]!.values[csb]!.value).toBe(512);
  });

  it('exports the report with the manual value marked: XLSX, CSV in the user’s format, PDF', async () => {
    const path = '/api/Report/export/3/month?date=2025-01-01';
    const data = await json<ReportData>(admin, '/api/Report/data/3/month?date=2025-01-01');
    const csb = data.columns.findIndex((c) => pvKey(c.dataBinding.pvRef) === pvKey(CSB));
    expect(data.columns[csb]!.currentUserCanEdit).toBe(true);

    const xlsx = await call(admin, 'GET', `${path}&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toBe(
      'attachment; filename="Monatsbericht-Klaranlage-Talaue_2025-01-01.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0]!;
    // Two head rows, then one row per day: the fifth day (index 4) is sheet row 7.
    expect(sheet.getRow(2).getCell(csb + 2).value).toBe(
      `${data.columns[csb]!.title} [${data.columns[csb]!.unit}]`,
    );
    expect(sheet.getRow(7).getCell(1).value).toBe('05.01.2025');
    expect(sheet.getRow(7).getCell(csb + 2).value).toBe(512);
    expect(sheet.getRow(7).getCell(csb + 2).note).toBe('Handeingabe');
    expect(sheet.getRow(2 + data.rows.length + 1).getCell(1).value).toBe('Summe');

    const csv = await (await call(admin, 'GET', `${path}&format=csv`)).text();
    expect(csv.split('\r\n')[6]).toMatch(/^05\.01\.2025;.*512(,0+)?\*/);
    expect(csv).toContain('* Handeingabe');
    const saved = await call(admin, 'PUT', '/api/account/report-export-settings', {
      format: 'csv',
      csvSeparator: ',',
      decimalMark: '.',
      paperSize: 'A3',
      orientation: 'portrait',
    });
    expect(saved.status).toBe(200);
    const csv2 = await (await call(admin, 'GET', `${path}&format=csv`)).text();
    expect(csv2.split('\r\n')[6]).toMatch(/^05\.01\.2025,.*512(\.0+)?\*/);
    const audit = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(audit.some((r) => r.action === 'report.exportSettings' && r.username === 'admin')).toBe(true);
    const refused = await call(admin, 'PUT', '/api/account/report-export-settings', {
      format: 'doc',
      csvSeparator: ',',
      decimalMark: '.',
      paperSize: 'A3',
      orientation: 'portrait',
    });
    expect(refused.status).toBe(400);
    expect(await json(admin, '/api/account/report-export-settings')).toMatchObject({ paperSize: 'A3' });

    const pdf = await call(admin, 'GET', `${path}&format=pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await call(admin, 'GET', `${path}&format=doc`)).status).toBe(400);
    expect((await call(station2, 'GET', '/api/Report/export/1/day?date=2025-01-07&format=csv')).status).toBe(
      404,
    );
  });

  it('refuses manual inputs without writeValues on the PV: Unauthorized, nothing changed, audit row', async () => {
    const item = { pv: CSB, index: 4, value: 1, state: 'Enabled', resetManualInput: false };
    const reply = await call(viewer, 'POST', '/api/Report/data/3/month/manual-input?date=2025-01-01', [item]);
    const body = (await reply.json()) as ManualInputReply;
    expect(body.status).toBe('Unauthorized');
    expect(body.unauthorizedPvs).toEqual([CSB]);
    const data = await json<ReportData>(admin, '/api/Report/data/3/month?date=2025-01-01');
    const csb = data.columns.findIndex((c) => pvKey(c.dataBinding.pvRef) === pvKey(CSB));
    expect(data.rows[4]!.values[csb]!.value).toBe(512);
    const rows = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(rows.some((r) => r.action === 'report.manual-input.refused' && r.username === 'betrachter')).toBe(
      true,
    );
  });

  it('shows a station role only the columns of its station, and no report without any', async () => {
    const { plant } = server.services;
    const week = await json<ReportData>(station2, '/api/Report/data/2/week?date=2025-01-06');
    const all = await json<ReportConfig>(admin, '/api/Report/configs/2');
    const own = all.columns.filter((c) => plant.stationOf(c.dataBinding.pvRef) === 2);
    expect(own.length).toBeGreaterThan(0);
    expect(
      week.columns.map(({ currentUserCanEdit, ...c }) => (expect(currentUserCanEdit).toBe(false), c)),
    ).toEqual(own);
    expect(week.rows.every((r) => r.values.length === own.length)).toBe(true);
    const configs = await json<ReportConfig[]>(station2, '/api/Report/configs');
    for (const config of configs)
      expect(config.columns.every((c) => plant.stationOf(c.dataBinding.pvRef) === 2)).toBe(true);
    const day = await json<ReportConfig>(admin, '/api/Report/configs/1');
    expect(day.columns.some((c) => plant.stationOf(c.dataBinding.pvRef) === 2)).toBe(false);
    expect((await call(station2, 'GET', '/api/Report/configs/1')).status).toBe(404);
    expect((await call(station2, 'GET', '/api/Report/data/1/day?date=2025-01-07')).status).toBe(404);
  });
});
