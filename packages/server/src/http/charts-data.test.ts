import { DAY_MS } from '@leitwarte/core';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHistorian } from '../plant/history/index.js';
import type { Historian } from '../plant/history/index.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { chartsDataRoutes } from './charts-data.js';

// calls §7 Charts: data, first/last date, export; calls §3: timestamp 0 means none.
describe('chart data routes', () => {
  let server: TestServer;
  let historian: Historian;
  let admin: LoggedIn;
  let url: string;
  const end = Date.now();
  const LEVEL = { type: 'AnaIn', nr: 200010 } as const;

  beforeAll(async () => {
    server = await startTestServer();
    const { services } = server;
    historian = await createHistorian({
      store: services.store,
      plant: services.plant,
      dataDir: server.config.dataDir,
      backfill: false,
    });
    await historian.backfill(end);
    // The lead registers the plugin in build(); here a second Fastify instance serves it with the real services.
    const { default: Fastify } = await import('fastify');
    const { authGuard } = await import('./auth-guard.js');
    const { default: cookie } = await import('@fastify/cookie');
    const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
    await app.register(cookie);
    await app.register(authGuard, { services });
    await app.register(chartsDataRoutes, {
      services: { ...services, historian },
      chartSeries: async (id) =>
        id === 1 ? [{ seriesId: 11, pv: LEVEL, measurementType: 'Maxwert', dimension: 'm' }] : null,
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    closeExtra = async () => {
      await app.close();
      await historian.stop();
    };
    admin = await server.loginWithToken();
  }, 180_000);
  let closeExtra = async () => {};
  afterAll(async () => {
    await closeExtra();
    await server.close();
  });

  const get = (path: string) => fetch(`${url}${path}`, { headers: { cookie: admin.cookie } });
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('serves a chart’s data reduced to the width, with Auto resolved', async () => {
    const reply = await get(
      `/api/charts/data/1?startDate=${end - 30 * DAY_MS}&endDate=${new Date(end).toISOString()}&source=Auto&width=200`,
    );
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as {
      source: string;
      series: { seriesId: number; dimension: string; dataPoints: unknown[] }[];
    };
    expect(body.source).toBe('QuarterHourValues');
    expect(body.series[0]).toMatchObject({ seriesId: 11, dimension: 'm' });
    expect(body.series[0]?.dataPoints.length).toBeGreaterThan(0);
    expect(body.series[0]?.dataPoints.length).toBeLessThanOrEqual(800);
  });

  it('serves automatic trend lines, first and last dates, and 404 for unknown charts', async () => {
    const auto = await post(`/api/charts/data/auto?startDate=${end - DAY_MS}&endDate=${end}`, [
      { pv: LEVEL },
    ]);
    expect(((await auto.json()) as { source: string }).source).toBe('MeasurementArchive');
    const first = (await (await get('/api/charts/data/1/first-date?source=DayValues')).json()) as {
      timestamp: number;
    };
    expect(first.timestamp).toBeLessThan(end - 360 * DAY_MS);
    const none = await post('/api/charts/data/last-date-pvs?source=MeasurementArchive', [
      { type: 'AnaIn', nr: 999_999 },
    ]);
    expect(await none.json()).toEqual({ timestamp: 0 });
    expect((await get('/api/charts/data/2/last-date')).status).toBe(404);
    expect((await get(`/api/charts/data/1?startDate=${end}&endDate=${end - 1}`)).status).toBe(400);
  });

  it('exports CSV with a file name', async () => {
    const reply = await post('/api/charts/data/export', {
      chartId: 1,
      startDate: end - 3600_000,
      endDate: end,
      source: 'MeasurementArchive',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Diagramm-1_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await reply.arrayBuffer());
    // A byte-order mark, so spreadsheet programs read the umlauts as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Zeitstempel;PV;Name;Messart;Wert;Quelle');
    expect(text.split('\r\n').length).toBeGreaterThan(30);
  });

  it('refuses calls without a session', async () => {
    expect((await fetch(`${url}/api/charts/data/1?startDate=0&endDate=1`)).status).toBe(401);
  });
});
