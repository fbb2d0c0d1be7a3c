import {
  forecastDueAt,
  localDateTimeOf,
  pvKey,
  startOfLocalDay,
  type MaintenanceProtocolRow,
  type RuntimeRate,
} from '@leitwarte/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistoryRepository, createSeriesRepository, openHistoryDb } from '../store/historian/index.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { loginAsNewUser } from '../test-support/users.js';

const HOURS = { type: 'RechenWert', nr: 1020 } as const; // operating hours of pump 1, station 1
const CYCLES = { type: 'RechenWert', nr: 1021 } as const; // its switching cycles: no history written
const HOUR = 3_600_000;
const PER_HOUR = 0.5; // 12 h a day

describe('maintenance due-date forecast and XLSX report', () => {
  let server: TestServer;
  let viewer: LoggedIn;
  let now: number;

  const get = (who: LoggedIn, path: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie: who.cookie } });

  beforeAll(async () => {
    server = await startTestServer();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    // 20 days of hourly operating hours that rise 12 h a day and end at the live value, so what
    // the running plant archives meanwhile adds next to nothing.
    const live = server.services.plant.values.get(pvKey(HOURS));
    if (live?.type !== 'RuntimeValue') throw new Error('no live runtime');
    now = Date.now();
    const tz = server.services.plant.info.timeZone;
    const start = startOfLocalDay(localDateTimeOf(now - 20 * 24 * HOUR, tz), tz);
    const points: { t: number; v: number }[] = [];
    for (let t = start; t < now; t += HOUR) {
      points.push({ t, v: live.runtimeValue.value - (PER_HOUR * (now - t)) / HOUR });
    }
    const hdb = await openHistoryDb(server.services.store, server.config.dataDir);
    try {
      const ids = await createSeriesRepository(hdb).ensure([pvKey(HOURS)]);
      const seriesId = ids.get(pvKey(HOURS)) as number;
      await createHistoryRepository(hdb).write({
        samples: points.map((p) => ({ seriesId, ...p })),
        merge: {},
      });
    } finally {
      await hdb.close();
    }
    await server.services.historian.rebuildRollups(start, now + 1, [HOURS]);
  });
  afterAll(() => server.close());

  it('takes a runtime’s rate from the history of the last 30 days', async () => {
    const reply = await get(viewer, '/api/maintenance/runtime-rates');
    expect(reply.status).toBe(200);
    const rates = (await reply.json()) as RuntimeRate[];
    const hours = rates.find((r) => pvKey(r.pvRef) === pvKey(HOURS));
    expect(hours?.perDay).toBeCloseTo(24 * PER_HOUR, 0);
    // Without history there is no rate, hence no forecast.
    expect(rates.find((r) => pvKey(r.pvRef) === pvKey(CYCLES))?.perDay).toBeNull();
  });

  it('exports the protocol as XLSX with figures as numbers and the forecast due dates', async () => {
    const rows = (await (
      await get(viewer, '/api/maintenance/overview/station/1')
    ).json()) as MaintenanceProtocolRow[];
    const reply = await get(viewer, '/api/maintenance/report.xlsx?mode=station&stationNr=1');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const fileName = /filename="([^"]+)"/.exec(reply.headers.get('content-disposition') ?? '')?.[1];
    expect(fileName).toMatch(/^Wartungsprotokoll_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await reply.arrayBuffer());
    const sheet = book.getWorksheet('Wartung');
    if (!sheet) throw new Error('no sheet Wartung');
    expect(sheet.getRow(2).getCell(1).value).toBe('Station');
    expect(sheet.getRow(2).getCell(12).value).toBe('Fällig am (Prognose)');
    // One row per notification, then the time-zone line.
    expect(sheet.rowCount).toBe(2 + rows.length + 1);
    const due = rows.find(
      (r) => pvKey(r.notification.pvRef) === pvKey(HOURS) && r.notification.remainingRuntime > 0,
    );
    if (!due) throw new Error('pump 1 has no pending operating-hours target');
    const index = rows.indexOf(due);
    const line = sheet.getRow(3 + index);
    expect(line.getCell(10).value).toBeCloseTo(due.notification.remainingRuntime, 1);
    const expected = forecastDueAt(
      due.notification.remainingRuntime,
      due.notification.runtimeDimension,
      24 * PER_HOUR,
      now,
    ) as number;
    const cell = line.getCell(12).value;
    expect(cell).toBeInstanceOf(Date);
    // The cell holds the plant's wall clock; compare the day.
    const local = localDateTimeOf(expected, server.services.plant.info.timeZone);
    const shown = cell as Date;
    expect([shown.getUTCFullYear(), shown.getUTCMonth() + 1, shown.getUTCDate()]).toEqual([
      local.year,
      local.month,
      local.day,
    ]);
    // The cycles have no history: no date.
    const cyclesIndex = rows.findIndex((r) => pvKey(r.notification.pvRef) === pvKey(CYCLES));
    expect(sheet.getRow(3 + cyclesIndex).getCell(12).value).toBeNull();
  });

  it('refuses an export with missing inputs, and without a session', async () => {
    expect((await get(viewer, '/api/maintenance/report.xlsx?mode=pv')).status).toBe(400);
    expect((await get(viewer, '/api/maintenance/report.xlsx?mode=compare')).status).toBe(400);
    expect((await get(viewer, '/api/maintenance/report.xlsx?mode=elsewhere')).status).toBe(400);
    expect((await fetch(`${server.url}/api/maintenance/report.xlsx?mode=station`)).status).toBe(401);
    const pv = await get(viewer, '/api/maintenance/report.xlsx?mode=pv&pvType=DigiIn&pvNr=100020');
    expect(pv.status).toBe(200);
  });
});
