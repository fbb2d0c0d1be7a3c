import {
  CHART_COLUMNS_TYPE,
  CHART_RAW_POINTS_MAX,
  ChartDataReplySchema,
  chartColumnsOf,
  decodeChartColumns,
  pvKey,
  type ChartConfig,
  type ChartDataReply,
  type ChartDirectory,
  type Point,
  type PvRef,
} from '@leitwarte/core';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { createHistoryRepository, createSeriesRepository, openHistoryDb } from '../store/historian/index.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { callApi } from '../test-support/api-call.js';

const LEVEL_LINDENBERG = { type: 'AnaIn', nr: 200010 } as const;
const OUTFLOW_LINDENBERG = { type: 'AnaIn', nr: 200060 } as const;
const LEVEL_AUHEIM = { type: 'AnaIn', nr: 100010 } as const;
const DAY = 86_400_000;

/** Writes raw samples into the historian's archive, as its ingest would, and rolls them up. */
async function archiveSamples(server: TestServer, samples: Map<PvRef, Point[]>): Promise<void> {
  const hdb = await openHistoryDb(server.services.store, server.config.dataDir);
  try {
    const ids = await createSeriesRepository(hdb).ensure([...samples.keys()].map(pvKey));
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

// calls §7 Charts: data, first/last date, export; calls §3: timestamp 0 means none.
describe.each(BOTH_DIALECTS)('chart data routes on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let station2: LoggedIn;
  let lindenberg: number;
  let auheim: number;
  const end = Math.floor(Date.now() / 600_000) * 600_000 - DAY;
  const yearAgo = end - 370 * DAY;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const json = async <T>(who: LoggedIn, method: string, path: string, body?: unknown): Promise<T> => {
    const reply = await call(who, method, path, body);
    expect(reply.status, path).toBe(200);
    return (await reply.json()) as T;
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    await createTestRole(server, 'Lindenberg', ['read'], { allStations: false, stations: [2], pvGroups: [] });
    station2 = await loginAsNewUser(server, 'lindenberg', 'Lindenberg');
    // 40 days of 10-minute samples, and one day a year earlier.
    const samples = new Map<PvRef, Point[]>();
    for (const [k, pv] of [LEVEL_LINDENBERG, OUTFLOW_LINDENBERG, LEVEL_AUHEIM].entries()) {
      const points: Point[] = [];
      for (let t = yearAgo; t < yearAgo + DAY; t += 600_000) points.push({ t, v: k + 1 });
      for (let t = end - 40 * DAY; t < end; t += 600_000) points.push({ t, v: k + Math.sin(t / 3.6e6) });
      samples.set(pv, points);
    }
    await archiveSamples(server, samples);
    const tree = await json<ChartDirectory[]>(admin, 'GET', '/api/charts/config?type=Measurement');
    const charts: ChartConfig[] = tree[0]!.configList;
    lindenberg = charts.find((c) => c.title.startsWith('Hochbehälter Lindenberg'))!.id;
    auheim = charts.find((c) => c.title.startsWith('Wasserwerk Auheim'))!.id;
  }, 60_000);
  afterAll(() => server.close());

  it('serves a chart’s data reduced to the width, with Auto resolved', async () => {
    const body = await json<ChartDataReply>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end - 30 * DAY}&endDate=${new Date(end).toISOString()}&source=Auto&width=200`,
    );
    expect(body.source).toBe('QuarterHourValues');
    expect(body.series.map((s) => pvKey(s.pv))).toEqual(['AnaIn-200010', 'AnaIn-200060']);
    expect(body.series[0]!.dimension).toBe(server.services.plant.config('AnaIn-200010')!.dimension);
    expect(body.series[0]!.dataPoints.length).toBeGreaterThan(0);
    expect(body.series[0]!.dataPoints.length).toBeLessThanOrEqual(800);
    expect(body.unauthorizedPvs).toEqual([]);
  });

  it('carries the annotations of each series’ PV in the range', async () => {
    const note = await json<{ id: number }>(admin, 'POST', '/api/charts/annotations', {
      timestamp: end - 2 * 3_600_000,
      pv: LEVEL_LINDENBERG,
      text: 'Spülung',
    });
    const body = await json<ChartDataReply>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end - DAY}&endDate=${end}`,
    );
    expect(body.source).toBe('MeasurementArchive');
    expect(body.series[0]!.annotations).toEqual([expect.objectContaining({ id: note.id, text: 'Spülung' })]);
    expect(body.series[1]!.annotations).toEqual([]);
    // Read for all series at once, each series still gets only its own PV's, oldest first.
    const late = await json<{ id: number }>(admin, 'POST', '/api/charts/annotations', {
      timestamp: end - 3_600_000,
      pv: LEVEL_LINDENBERG,
      text: 'Zweite Spülung',
    });
    const outflow = await json<{ id: number }>(admin, 'POST', '/api/charts/annotations', {
      timestamp: end - 3 * 3_600_000,
      pv: OUTFLOW_LINDENBERG,
      text: 'Zähler geprüft',
    });
    await json(admin, 'POST', '/api/charts/annotations', {
      timestamp: end - 3_600_000,
      pv: LEVEL_AUHEIM,
      text: 'Anderes Diagramm',
    });
    const both = await json<ChartDataReply>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end - DAY}&endDate=${end}`,
    );
    expect(both.series[0]!.annotations.map((a) => (a as { id: number }).id)).toEqual([note.id, late.id]);
    expect(both.series[1]!.annotations.map((a) => (a as { id: number }).id)).toEqual([outflow.id]);
  });

  it('writes the data reply with exactly the fields of its schema', async () => {
    const reply = await call(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end - DAY}&endDate=${end}&source=MeasurementArchive&width=50`,
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // How long the server waited, read and wrote, for the browser's developer tools.
    expect(reply.headers.get('server-timing')).toMatch(
      /^wait;dur=\d+\.\d, read;dur=\d+\.\d, json;dur=\d+\.\d$/,
    );
    const body = (await reply.json()) as ChartDataReply;
    expect(Value.Check(ChartDataReplySchema, body)).toBe(true);
    // Clean drops what the schema does not name: nothing is dropped.
    expect(Value.Clean(ChartDataReplySchema, structuredClone(body))).toEqual(body);
    expect(body.series[0]!.dataPoints.length).toBeGreaterThan(0);
    // Refusals keep the error shape.
    const refused = await call(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end}&endDate=${end - 1}`,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalidRange',
      message: expect.any(String),
    });
    const invalid = await call(admin, 'GET', `/api/charts/data/${lindenberg}?startDate=${end}&width=abc`);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.any(String),
    });
  });

  it('answers as columns where asked, with the same series, points and annotations as the JSON', async () => {
    const asColumns = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          cookie: admin.cookie,
          'x-csrf-token': admin.csrfToken,
          accept: `${CHART_COLUMNS_TYPE}, application/json;q=0.5`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await json(admin, 'POST', '/api/charts/annotations', {
      timestamp: end - DAY,
      pv: LEVEL_LINDENBERG,
      text: 'Schieber geschlossen',
    });
    const range = `startDate=${end - 3 * DAY}&endDate=${end}&source=MeasurementArchive&width=300`;
    const byId = `/api/charts/data/${lindenberg}?${range}`;
    const reply = await asColumns('GET', byId);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe(CHART_COLUMNS_TYPE);
    expect(reply.headers.get('vary')).toMatch(/accept/i);
    expect(reply.headers.get('server-timing')).toMatch(
      /^wait;dur=\d+\.\d, read;dur=\d+\.\d, columns;dur=\d+\.\d$/,
    );
    const columns = decodeChartColumns(await reply.arrayBuffer());
    const asJson = await json<ChartDataReply>(admin, 'GET', byId);
    expect(asJson.series[0]!.dataPoints.length).toBeGreaterThan(100);
    expect(asJson.series[0]!.annotations.length).toBeGreaterThan(0);
    expect(columns).toEqual(chartColumnsOf(asJson));

    const pvs = [{ pv: LEVEL_LINDENBERG }, { pv: LEVEL_AUHEIM, measurementType: 'Maxwert' }];
    const auto = await asColumns('POST', `/api/charts/data/auto?${range}`, pvs);
    expect(auto.headers.get('content-type')).toBe(CHART_COLUMNS_TYPE);
    const autoJson = await json<ChartDataReply>(admin, 'POST', `/api/charts/data/auto?${range}`, pvs);
    expect(decodeChartColumns(await auto.arrayBuffer())).toEqual(chartColumnsOf(autoJson));
    // Without the type in Accept: JSON, as calls §7 describe it.
    const plain = await call(admin, 'GET', byId);
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Refusals keep the JSON error shape.
    const refused = await asColumns(
      'GET',
      `/api/charts/data/${lindenberg}?startDate=${end}&endDate=${end - 1}`,
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400, code: 'invalidRange' });
  });

  it('serves automatic trend lines, first and last dates, and 404 for unknown charts', async () => {
    const auto = await json<ChartDataReply>(
      admin,
      'POST',
      `/api/charts/data/auto?startDate=${end - DAY}&endDate=${end}`,
      [{ pv: LEVEL_LINDENBERG, measurementType: 'Maxwert' }],
    );
    expect(auto.series[0]!.measurementType).toBe('Maxwert');
    const first = await json<{ timestamp: number }>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}/first-date?source=DayValues`,
    );
    expect(first.timestamp).toBeLessThanOrEqual(yearAgo);
    expect(first.timestamp).toBeGreaterThan(yearAgo - DAY);
    const last = await json<{ timestamp: number }>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}/last-date?source=MeasurementArchive`,
    );
    // The live values the historian archives since the server started come after the samples.
    expect(last.timestamp).toBeGreaterThanOrEqual(end - 600_000);
    const pvs = await json<{ timestamp: number }>(
      admin,
      'POST',
      '/api/charts/data/first-date-pvs?source=MeasurementArchive',
      [LEVEL_LINDENBERG],
    );
    expect(pvs.timestamp).toBe(yearAgo);
    const none = await json<{ timestamp: number }>(
      admin,
      'POST',
      '/api/charts/data/last-date-pvs?source=MeasurementArchive',
      [{ type: 'AnaIn', nr: 999_999 }],
    );
    expect(none).toEqual({ timestamp: 0 });
    expect((await call(admin, 'GET', '/api/charts/data/99999/last-date')).status).toBe(404);
  });

  it('serves every raw sample of a range with reduce=false', async () => {
    const from = end - DAY;
    const query = `startDate=${from}&endDate=${end}&source=MeasurementArchive&width=10&reduce=false`;
    const body = await json<ChartDataReply>(admin, 'GET', `/api/charts/data/${lindenberg}?${query}`);
    expect(body.source).toBe('MeasurementArchive');
    for (const [k, s] of body.series.entries()) {
      // 144 ten-minute samples, far more than the 40 points a width of 10 would leave.
      expect(s.dataPoints.length).toBe(144);
      expect(s.dataPoints[0]).toEqual({ timestamp: from, value: k + Math.sin(from / 3.6e6) });
      expect(s.dataPoints.every((p, i) => p.timestamp === from + i * 600_000)).toBe(true);
    }
    const reduced = await json<ChartDataReply>(
      admin,
      'GET',
      `/api/charts/data/${lindenberg}?${query.replace('reduce=false', 'reduce=true')}`,
    );
    expect(reduced.series[0]!.dataPoints.length).toBeLessThanOrEqual(40);
    // Rollup sources unreduced: one value per quarter hour of a day of whole quarter hours.
    const q0 = Math.floor(from / 900_000) * 900_000;
    const quarters = await json<ChartDataReply>(
      admin,
      'POST',
      `/api/charts/data/auto?startDate=${q0}&endDate=${q0 + DAY}&source=QuarterHourValues&width=10&reduce=false`,
      [{ pv: LEVEL_LINDENBERG, measurementType: 'Maxwert' }],
    );
    expect(quarters.series[0]!.dataPoints.length).toBe(96);
  });

  it('refuses an unreduced read of more than the limit per series, naming what to choose instead', async () => {
    // One sample a second on a PV of its own, before every other sample of the test.
    const pv = { type: 'AnaIn', nr: 200080 } as const;
    const t0 = yearAgo - 10 * DAY;
    const points: Point[] = Array.from({ length: CHART_RAW_POINTS_MAX + 1 }, (_, i) => ({
      t: t0 + i * 1000,
      v: i % 100,
    }));
    await archiveSamples(server, new Map([[pv, points]]));
    const read = (count: number) =>
      call(
        admin,
        'POST',
        `/api/charts/data/auto?startDate=${t0}&endDate=${t0 + count * 1000}&source=MeasurementArchive&reduce=false`,
        [{ pv }],
      );
    const atLimit = await read(CHART_RAW_POINTS_MAX);
    expect(atLimit.status).toBe(200);
    expect(((await atLimit.json()) as ChartDataReply).series[0]!.dataPoints.length).toBe(
      CHART_RAW_POINTS_MAX,
    );
    const over = await read(CHART_RAW_POINTS_MAX + 1);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { message: string }).message).toMatch(
      /more than 100000 values.*shorter range or a rollup data source/,
    );
    // Reduced, the same range is served.
    const reduced = await call(
      admin,
      'POST',
      `/api/charts/data/auto?startDate=${t0}&endDate=${t0 + (CHART_RAW_POINTS_MAX + 1) * 1000}&source=MeasurementArchive&width=100`,
      [{ pv }],
    );
    expect(reduced.status).toBe(200);
    expect(
      (await call(admin, 'GET', `/api/charts/data/${lindenberg}?startDate=0&endDate=1&reduce=vielleicht`))
        .status,
    ).toBe(400);
  }, 60_000);

  it('refuses bad ranges with 400', async () => {
    for (const q of [
      `startDate=${end}&endDate=${end - 1}`,
      'startDate=NaN&endDate=1',
      'startDate=gestern&endDate=heute',
      'startDate=1',
    ]) {
      expect((await call(admin, 'GET', `/api/charts/data/${lindenberg}?${q}`)).status, q).toBe(400);
    }
    expect(
      (await call(admin, 'GET', `/api/charts/data/${lindenberg}?startDate=0&endDate=1&width=0`)).status,
    ).toBe(400);
  });

  it('exports CSV with a file name in content-disposition', async () => {
    const reply = await call(admin, 'POST', '/api/charts/data/export', {
      chartId: lindenberg,
      startDate: end - 3 * 3_600_000,
      endDate: end,
      source: 'MeasurementArchive',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(
      new RegExp(
        `^attachment; filename="Diagramm-${lindenberg}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
    const bytes = Buffer.from(await reply.arrayBuffer());
    // A byte-order mark, so spreadsheet programs read the umlauts as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Zeitstempel;PV;Name;Messart;Wert;Quelle');
    expect(lines.filter((l) => l.includes(';AnaIn-200010;')).length).toBe(18);
  });

  it('refuses the series of PVs a station role may not read', async () => {
    const mixed = await json<ChartDataReply>(
      station2,
      'POST',
      `/api/charts/data/auto?startDate=${end - DAY}&endDate=${end}`,
      [{ pv: LEVEL_LINDENBERG }, { pv: LEVEL_AUHEIM }],
    );
    expect(mixed.series.map((s) => pvKey(s.pv))).toEqual(['AnaIn-200010']);
    expect(mixed.unauthorizedPvs).toEqual([LEVEL_AUHEIM]);
    const foreign = await json<ChartDataReply>(
      station2,
      'GET',
      `/api/charts/data/${auheim}?startDate=${end - DAY}&endDate=${end}`,
    );
    expect(foreign.series).toEqual([]);
    expect(foreign.unauthorizedPvs.length).toBe(3);
    const first = await json<{ timestamp: number }>(
      station2,
      'POST',
      '/api/charts/data/first-date-pvs?source=MeasurementArchive',
      [LEVEL_AUHEIM],
    );
    expect(first.timestamp).toBe(0);
    const exported = await call(station2, 'POST', '/api/charts/data/export', {
      series: [{ pv: LEVEL_AUHEIM }],
      startDate: end - 3_600_000,
      endDate: end,
    });
    expect(exported.status).toBe(403);
    const rows = await server.services.store.audit.range(0, Date.now() + 1000, 100);
    expect(rows.some((r) => r.action === 'chart.export.refused' && r.username === 'lindenberg')).toBe(true);
  });

  it('refuses calls without a session', async () => {
    expect((await fetch(`${server.url}/api/charts/data/${lindenberg}?startDate=0&endDate=1`)).status).toBe(
      401,
    );
  });
});
