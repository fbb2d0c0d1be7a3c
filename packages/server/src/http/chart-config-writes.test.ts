import { pvKey, type ChartConfig, type ChartDirectory, type ChartSeriesConfig } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DIALECTS } from '../test-support/databases.js';
import { startTestServer, type LoggedIn, type TestServer } from '../test-support/test-server.js';
import { createTestRole, loginAsNewUser } from '../test-support/users.js';
import { callApi, replyJson } from '../test-support/api-call.js';

const LEVEL_LINDENBERG = { type: 'AnaIn', nr: 200010 } as const;
const OUTFLOW_LINDENBERG = { type: 'AnaIn', nr: 200060 } as const;
const LEVEL_AUHEIM = { type: 'AnaIn', nr: 100010 } as const;

type Written = { config: ChartConfig; series: ChartSeriesConfig[] };

/** The config fields a PUT carries, taken from a delivered config. */
const fieldsOf = (c: ChartConfig) => ({
  title: c.title,
  maxDaysForArchiveValues: c.maxDaysForArchiveValues,
  maxMonthsForQuarterHourValues: c.maxMonthsForQuarterHourValues,
  maxYearsForDayValues: c.maxYearsForDayValues,
  timeSpanFactor: c.timeSpanFactor,
  timeSpanUnit: c.timeSpanUnit,
  dataSourcePreset: c.dataSourcePreset,
});

// Screens §3 chart and series config (edited where currentUserCanEdit), §5 chart axes, §6 rights.
describe.each(BOTH_DIALECTS)('chart config writes on %s', (dialect) => {
  let server: TestServer;
  let admin: LoggedIn;
  let viewer: LoggedIn;
  let station2: LoggedIn;
  let directoryId: number;
  let auheim: ChartConfig;

  const call = (who: LoggedIn, method: string, path: string, body?: unknown) =>
    callApi(server, who, method, path, body);
  const auditRows = async () => server.services.store.audit.range(0, Date.now() + 1000, 1000);
  /** Everything a refused write must leave as it was: every chart with its series, and the write audit rows. */
  const snapshot = async () => {
    const configs = await server.services.store.db
      .selectFrom('chart_configs')
      .selectAll()
      .orderBy('id')
      .execute();
    const series = await server.services.store.db
      .selectFrom('chart_series')
      .selectAll()
      .orderBy('id')
      .execute();
    const writes = (await auditRows()).filter((r) => /^chart\.(create|update|delete)$/.test(r.action));
    return JSON.stringify({ configs, series, writes: writes.length });
  };
  const create = async (who: LoggedIn, body: unknown) =>
    replyJson<Written>(await call(who, 'POST', '/api/charts/config', body));

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    admin = await server.loginWithToken();
    viewer = await loginAsNewUser(server, 'betrachter', 'viewer');
    await createTestRole(server, 'Lindenberg', ['read', 'editCharts'], {
      allStations: false,
      stations: [2],
      pvGroups: [],
    });
    station2 = await loginAsNewUser(server, 'lindenberg', 'Lindenberg');
    const tree = await replyJson<ChartDirectory[]>(
      await call(admin, 'GET', '/api/charts/config?type=Measurement'),
    );
    directoryId = tree[0]!.id;
    auheim = tree[0]!.configList.find((c) => c.title.startsWith('Wasserwerk Auheim'))!;
  });
  afterAll(() => server.close());

  it('creates, replaces and deletes a chart, each audited from old to new', async () => {
    const { config, series } = await create(admin, {
      type: 'Measurement',
      title: '  Behälter im Vergleich  ',
      directoryId,
      series: [
        {
          pv: LEVEL_LINDENBERG,
          color: '#f00',
          yminOrNoneCase: 'Set',
          axisYMin: 5,
          ymaxOrNoneCase: 'Set',
          axisYMax: 1,
        },
      ],
    });
    expect(config).toMatchObject({
      type: 'Measurement',
      title: 'Behälter im Vergleich',
      directoryId,
      dataSourcePreset: 'Auto',
      timeSpanUnit: 'Day',
      currentUserCanEdit: true,
    });
    // Two fixed bounds are put in order (screens §5 "Chart axes").
    expect(series).toEqual([
      expect.objectContaining({
        chartId: config.id,
        pv: LEVEL_LINDENBERG,
        color: '#ff0000ff',
        axisYMin: 1,
        axisYMax: 5,
        seriesViewType: 'Line',
      }),
    ]);
    const tree = await replyJson<ChartDirectory[]>(
      await call(admin, 'GET', '/api/charts/config?type=Measurement'),
    );
    expect(tree[0]!.configList.map((c) => c.id)).toContain(config.id);

    const replaced = await replyJson<Written>(
      await call(admin, 'PUT', `/api/charts/config/${config.id}`, {
        ...fieldsOf(config),
        title: 'Lindenberg Füllstand und Abgabe',
        timeSpanFactor: 2,
        timeSpanUnit: 'Week',
        series: [
          { id: series[0]!.id, pv: LEVEL_LINDENBERG, seriesViewType: 'Bar' },
          { pv: OUTFLOW_LINDENBERG, axisYIsLogarithmic: true, axisYLogarithmicBase: 2, axisYReverse: true },
        ],
      }),
    );
    expect(replaced.config).toMatchObject({
      id: config.id,
      title: 'Lindenberg Füllstand und Abgabe',
      timeSpanFactor: 2,
      timeSpanUnit: 'Week',
    });
    expect(replaced.series.map((s) => [pvKey(s.pv), s.seriesViewType, s.color, s.axisYMin])).toEqual([
      ['AnaIn-200010', 'Bar', null, null],
      ['AnaIn-200060', 'Line', null, null],
    ]);
    expect(replaced.series[0]!.id).toBe(series[0]!.id);
    expect(replaced.series[1]).toMatchObject({
      axisYIsLogarithmic: true,
      axisYLogarithmicBase: 2,
      axisYReverse: true,
    });
    expect(await replyJson(await call(admin, 'GET', `/api/charts/config/${config.id}/series`))).toEqual(
      replaced.series,
    );

    expect(await replyJson(await call(admin, 'DELETE', `/api/charts/config/${config.id}`))).toEqual({
      deletedId: config.id,
    });
    expect((await call(admin, 'GET', `/api/charts/config/${config.id}`)).status).toBe(404);
    expect((await call(admin, 'GET', `/api/charts/config/${config.id}/series`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/charts/config/${config.id}`)).status).toBe(404);

    const rows = (await auditRows()).filter((r) => r.object === `chart:${config.id}`);
    const byAction = new Map(rows.map((r) => [r.action, r]));
    expect(rows.map((r) => r.action).sort()).toEqual(['chart.create', 'chart.delete', 'chart.update']);
    const created = byAction.get('chart.create')!;
    expect(created.old_value).toBeNull();
    expect(JSON.parse(created.new_value!)).toMatchObject({
      title: 'Behälter im Vergleich',
      series: [{ axisYMin: 1 }],
    });
    const updated = byAction.get('chart.update')!;
    expect(JSON.parse(updated.old_value!)).toMatchObject({
      title: 'Behälter im Vergleich',
      series: [{ color: '#ff0000ff' }],
    });
    expect(JSON.parse(updated.new_value!).series).toHaveLength(2);
    const deleted = byAction.get('chart.delete')!;
    expect(JSON.parse(deleted.old_value!)).toMatchObject({
      title: 'Lindenberg Füllstand und Abgabe',
      directoryId,
    });
    expect(deleted.new_value).toBeNull();
    expect(deleted.username).toBe('admin');
  });

  it('creates a chart without series and with defaults; replaces its list by an empty one', async () => {
    const { config, series } = await create(admin, { type: 'LiveMeasurement', title: 'Leer' });
    expect(series).toEqual([]);
    expect(config).toMatchObject({ directoryId: null, timeSpanFactor: 1, timeSpanUnit: 'Hour' });
    const withOne = await replyJson<Written>(
      await call(admin, 'PUT', `/api/charts/config/${config.id}`, {
        ...fieldsOf(config),
        series: [{ pv: LEVEL_AUHEIM }],
      }),
    );
    expect(withOne.series.map((s) => s.pv)).toEqual([LEVEL_AUHEIM]);
    const none = await replyJson<Written>(
      await call(admin, 'PUT', `/api/charts/config/${config.id}`, { ...fieldsOf(config), series: [] }),
    );
    expect(none.series).toEqual([]);
    await replyJson(await call(admin, 'DELETE', `/api/charts/config/${config.id}`));
  });

  it('refuses every write of a viewer: 403, nothing changed, audit rows', async () => {
    const before = await snapshot();
    const refusedBefore = (await auditRows()).filter((r) => r.action === 'access.refused').length;
    const attempts = [
      call(viewer, 'POST', '/api/charts/config', { type: 'Measurement', title: 'Versuch' }),
      call(viewer, 'PUT', `/api/charts/config/${auheim.id}`, {
        ...fieldsOf(auheim),
        title: 'Versuch',
        series: [],
      }),
      call(viewer, 'DELETE', `/api/charts/config/${auheim.id}`),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(403);
      expect(((await reply.json()) as { message: string }).message).toBe(
        'Unzureichende Rechte für diese Operation.',
      );
    }
    expect(await snapshot()).toBe(before);
    const refused = (await auditRows()).filter((r) => r.action === 'access.refused');
    expect(refused.length - refusedBefore).toBe(3);
    expect(
      refused
        .filter((r) => r.username === 'betrachter')
        .map((r) => r.object)
        .sort(),
    ).toEqual(['DELETE /api/charts/config/:id', 'POST /api/charts/config', 'PUT /api/charts/config/:id']);
  });

  it('refuses a station role the PVs of other stations, in new and in existing series', async () => {
    const before = await snapshot();
    const foreign = await call(station2, 'POST', '/api/charts/config', {
      type: 'Measurement',
      title: 'Fremd',
      series: [{ pv: LEVEL_LINDENBERG }, { pv: LEVEL_AUHEIM }],
    });
    expect(foreign.status).toBe(403);
    const replaceForeign = await call(station2, 'PUT', `/api/charts/config/${auheim.id}`, {
      ...fieldsOf(auheim),
      series: [{ pv: LEVEL_LINDENBERG }],
    });
    expect(replaceForeign.status).toBe(403);
    expect((await call(station2, 'DELETE', `/api/charts/config/${auheim.id}`)).status).toBe(403);
    expect(await snapshot()).toBe(before);

    const own = await create(station2, {
      type: 'Measurement',
      title: 'Lindenberg',
      series: [{ pv: LEVEL_LINDENBERG }],
    });
    const addForeign = await call(station2, 'PUT', `/api/charts/config/${own.config.id}`, {
      ...fieldsOf(own.config),
      series: [{ id: own.series[0]!.id, pv: LEVEL_LINDENBERG }, { pv: LEVEL_AUHEIM }],
    });
    expect(addForeign.status).toBe(403);
    expect(await replyJson(await call(admin, 'GET', `/api/charts/config/${own.config.id}/series`))).toEqual(
      own.series,
    );
    await replyJson(await call(station2, 'DELETE', `/api/charts/config/${own.config.id}`));

    const refused = (await auditRows()).filter(
      (r) => r.action.endsWith('.refused') && r.username === 'lindenberg',
    );
    expect(refused.map((r) => [r.action, r.object, JSON.parse(r.detail!)])).toEqual(
      expect.arrayContaining([
        ['chart.create.refused', 'chart:new', { unauthorizedPvs: ['AnaIn-100010'] }],
        [
          'chart.update.refused',
          `chart:${auheim.id}`,
          { unauthorizedPvs: ['AnaIn-100010', 'AnaIn-100060', 'AnaIn-100061'] },
        ],
        [
          'chart.delete.refused',
          `chart:${auheim.id}`,
          { unauthorizedPvs: ['AnaIn-100010', 'AnaIn-100060', 'AnaIn-100061'] },
        ],
        ['chart.update.refused', `chart:${own.config.id}`, { unauthorizedPvs: ['AnaIn-100010'] }],
      ]),
    );
  });

  it('refuses malformed and rule-breaking input with 400 and a message, changing nothing', async () => {
    const { config, series } = await create(admin, {
      type: 'Measurement',
      title: 'Prüfling',
      series: [{ pv: LEVEL_LINDENBERG }],
    });
    const put = (
      patch: Record<string, unknown>,
      seriesList: unknown[] = [{ id: series[0]!.id, pv: LEVEL_LINDENBERG }],
    ) =>
      call(admin, 'PUT', `/api/charts/config/${config.id}`, {
        ...fieldsOf(config),
        series: seriesList,
        ...patch,
      });
    const before = await snapshot();
    const cases: [string, () => Promise<Response>, RegExp][] = [
      ['string for a number', () => put({ timeSpanFactor: '2' }), /timeSpanFactor/],
      [
        'string for a bound',
        () => put({}, [{ pv: LEVEL_LINDENBERG, yminOrNoneCase: 'Set', axisYMin: '1' }]),
        /axisYMin/,
      ],
      ['string for a PV number', () => put({}, [{ pv: { type: 'AnaIn', nr: '200010' } }]), /nr/],
      ['unknown field', () => put({ farbe: 'rot' }), /^body: unknown field "farbe"$/],
      ['unknown series field', () => put({}, [{ pv: LEVEL_LINDENBERG, farbe: 'rot' }]), /farbe/],
      ['type cannot change', () => put({ type: 'LiveMeasurement' }), /type/],
      [
        'missing series list',
        () => call(admin, 'PUT', `/api/charts/config/${config.id}`, fieldsOf(config)),
        /series/,
      ],
      ['empty title', () => put({ title: '   ' }), /title cannot be empty/],
      [
        'log base 1',
        () => put({}, [{ pv: LEVEL_LINDENBERG, axisYIsLogarithmic: true, axisYLogarithmicBase: 1 }]),
        /axisYLogarithmicBase/,
      ],
      [
        'log base 0',
        () => put({}, [{ pv: LEVEL_LINDENBERG, axisYLogarithmicBase: 0 }]),
        /axisYLogarithmicBase/,
      ],
      [
        'log base 0.5',
        () => put({}, [{ pv: LEVEL_LINDENBERG, axisYIsLogarithmic: true, axisYLogarithmicBase: 0.5 }]),
        /axisYLogarithmicBase/,
      ],
      [
        'log axis bound 0',
        () =>
          put({}, [{ pv: LEVEL_LINDENBERG, axisYIsLogarithmic: true, yminOrNoneCase: 'Set', axisYMin: 0 }]),
        /above 0/,
      ],
      [
        'set bound without number',
        () => put({}, [{ pv: LEVEL_LINDENBERG, ymaxOrNoneCase: 'Set' }]),
        /axisYMax/,
      ],
      ['bad colour', () => put({}, [{ pv: LEVEL_LINDENBERG, color: 'rot' }]), /color/],
      [
        'unknown view type',
        () => put({}, [{ pv: LEVEL_LINDENBERG, seriesViewType: 'Pie' }]),
        /^series\[0\]\.seriesViewType: must be one of .*"StepLine"/,
      ],
      ['unknown PV', () => put({}, [{ pv: { type: 'AnaIn', nr: 9_999_999 } }]), /unknown PV/],
      [
        'series of another chart',
        () => put({}, [{ id: 987_654, pv: LEVEL_LINDENBERG }]),
        /not a series of this chart/,
      ],
      [
        'too many series',
        () =>
          put(
            {},
            Array.from({ length: 33 }, () => ({ pv: LEVEL_LINDENBERG })),
          ),
        /series/,
      ],
      ['zero time span', () => put({ timeSpanFactor: 0 }), /timeSpanFactor/],
      [
        'bad id',
        () => call(admin, 'PUT', '/api/charts/config/abc', { ...fieldsOf(config), series: [] }),
        /id/,
      ],
      [
        'create without title',
        () => call(admin, 'POST', '/api/charts/config', { type: 'Measurement' }),
        /title/,
      ],
      [
        'create with empty title',
        () => call(admin, 'POST', '/api/charts/config', { type: 'Measurement', title: '' }),
        /title cannot be empty/,
      ],
      [
        'create of unknown type',
        () => call(admin, 'POST', '/api/charts/config', { type: 'Pie', title: 'x' }),
        /type/,
      ],
      [
        'create in unknown directory',
        () =>
          call(admin, 'POST', '/api/charts/config', {
            type: 'Measurement',
            title: 'x',
            directoryId: 987_654,
          }),
        /directoryId/,
      ],
      [
        'create with unknown field',
        () => call(admin, 'POST', '/api/charts/config', { type: 'Measurement', title: 'x', id: 5 }),
        /id/,
      ],
      [
        'create with a number as title',
        () => call(admin, 'POST', '/api/charts/config', { type: 'Measurement', title: 5 }),
        /title/,
      ],
    ];
    for (const [name, sent, message] of cases) {
      const reply = await sent();
      const body = (await reply.json()) as { message: string };
      expect(reply.status, `${name}: ${body.message}`).toBe(400);
      expect(body.message, name).toMatch(message);
    }
    expect(await snapshot()).toBe(before);
    await replyJson(await call(admin, 'DELETE', `/api/charts/config/${config.id}`));
  });

  it('answers 404 for unknown charts, changing nothing', async () => {
    const before = await snapshot();
    const body = { ...fieldsOf(auheim), series: [] };
    expect((await call(admin, 'PUT', '/api/charts/config/99999', body)).status).toBe(404);
    expect((await call(admin, 'DELETE', '/api/charts/config/99999')).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
