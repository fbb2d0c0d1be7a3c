import { CHART_PALETTE, seriesColor } from '@leitwarte/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../store/index.js';
import { BOTH_DIALECTS, createTestDatabase, type TestDatabase } from '../../test-support/databases.js';
import { createSimulator, QUIET_RATES } from '../../sources/index.js';
import { createPlant, DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';
import { ChartsContentSchema, resolveChartsContent } from './charts-content.js';
import { createChartService, type ChartService } from './chart-service.js';
import { contentPath, readContentFile } from './content-file.js';
import { InputRefusedError } from './input-refused.js';

const T0 = Date.UTC(2025, 5, 10, 8);
const definition = loadPlantDefinition(DEMO_PLANT_PATH);
const plant = createPlant({
  definition,
  source: createSimulator(definition, { seed: 1, rates: QUIET_RATES, now: () => T0, autoTick: false }),
});
const operator = { userId: 1, username: 'meier', role: 'operator' };
const viewer = { userId: 2, username: 'gast', role: 'viewer' };

describe.each(BOTH_DIALECTS)('chart configs and series on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let charts: ChartService;
  let t = T0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore(database);
    charts = createChartService({ store, plant, now: () => t });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('seeds the demo charts once and lists them as nested directories by type', async () => {
    const content = readContentFile(contentPath(DEMO_PLANT_PATH, 'charts.json'), ChartsContentSchema);
    expect(await charts.seed(resolveChartsContent(content, plant))).toBe(true);
    expect(await charts.seed(resolveChartsContent(content, plant))).toBe(false);
    const archive = await charts.directories('Measurement', operator);
    expect(archive.map((d) => d.name)).toEqual(['Wasserversorgung', 'Abwasser']);
    expect(archive[0]?.childDirectoryList[0]).toMatchObject({ name: 'Wasserqualität', type: 'Measurement' });
    expect(archive[0]?.configList[1]).toMatchObject({
      title: expect.stringContaining('Lindenberg'),
      currentUserCanEdit: true,
    });
    const live = await charts.directories('LiveMeasurement', viewer);
    expect(live[0]?.configList.every((c) => c.type === 'LiveMeasurement' && !c.currentUserCanEdit)).toBe(
      true,
    );
  });

  it('delivers a config with the defaults of screens §3/§9 and its series in order with pvSubtype filled', async () => {
    const [dir] = await charts.directories('Measurement', operator);
    const id = dir!.configList[1]!.id;
    expect(await charts.config(id, operator)).toMatchObject({
      maxDaysForArchiveValues: 1,
      maxMonthsForQuarterHourValues: 1,
      maxYearsForDayValues: 1,
      dataSourcePreset: 'Auto',
      timeSpanFactor: 1,
      timeSpanUnit: 'Day',
    });
    const series = (await charts.series(id))!;
    expect(series.map((s) => s.pv)).toEqual([
      { type: 'AnaIn', nr: 200010 },
      { type: 'AnaIn', nr: 200060 },
    ]);
    expect(series[0]).toMatchObject({
      seriesViewType: 'Area',
      pvSubtype: 'Füllstand',
      yminOrNoneCase: 'Set',
      axisYMin: 0,
    });
    expect(series[1]).toMatchObject({
      seriesViewType: 'Line',
      measurementType: 'Mittelwert',
      color: null,
      axisYLogarithmicBase: 10,
    });
    expect(seriesColor(series[1]!.color, 1)).toEqual(CHART_PALETTE[1]);
    expect(await charts.series(987654)).toBeUndefined();
  });

  it('creates a chart with defaults and audits it; refuses bad series and unknown PVs, changing nothing', async () => {
    const before = (await charts.directories('LiveMeasurement', operator)).flatMap(
      (d) => d.configList,
    ).length;
    const { config, series } = await charts.createConfig(
      {
        type: 'LiveMeasurement',
        title: ' Pumpsumpf Niederau ',
        series: [{ pv: { type: 'AnaIn', nr: 600010 } }, { pv: { type: 'AnaIn', nr: 600060 }, color: '#f00' }],
      },
      operator,
    );
    expect(config).toMatchObject({
      title: 'Pumpsumpf Niederau',
      timeSpanUnit: 'Hour',
      directoryId: null,
      currentUserCanEdit: true,
    });
    expect(series.map((s) => [s.sortIndex, s.color])).toEqual([
      [0, null],
      [1, '#ff0000ff'],
    ]);
    const audit = await store.audit.range(0, Number.MAX_SAFE_INTEGER, 5);
    expect(audit[0]).toMatchObject({
      action: 'chart.create',
      object: `chart:${config.id}`,
      username: 'meier',
    });

    const bad = charts.createConfig(
      { type: 'Measurement', title: 'x', series: [{ pv: { type: 'AnaIn', nr: 999999 } }] },
      operator,
    );
    await expect(bad).rejects.toThrow(/series\[0\]\.pv: unknown PV AnaIn-999999/);
    const axis = charts.createConfig(
      {
        type: 'Measurement',
        title: 'x',
        series: [{ pv: { type: 'AnaIn', nr: 600010 }, ymaxOrNoneCase: 'Set', axisYMax: null }],
      },
      operator,
    );
    await expect(axis).rejects.toBeInstanceOf(InputRefusedError);
    await expect(charts.createConfig({ type: 'Measurement', title: 'x' }, viewer)).rejects.toMatchObject({
      code: 'forbidden',
    });
    const after = (await charts.directories('LiveMeasurement', operator)).flatMap((d) => d.configList).length;
    expect(after).toBe(before + 1);
  });

  it('updates config fields and replaces series, keeping ids given and dropping the rest', async () => {
    t += 1000;
    const [dir] = await charts.directories('Measurement', operator);
    const id = dir!.configList[0]!.id;
    const old = (await charts.series(id))!;
    const { config, series } = await charts.updateConfig(
      id,
      {
        title: 'Reinwasser',
        timeSpanFactor: 3,
        timeSpanUnit: 'Day',
        series: [
          { ...old[1]!, yminOrNoneCase: 'Set', axisYMin: 300, ymaxOrNoneCase: 'Set', axisYMax: 0 },
          { pv: { type: 'AnaIn', nr: 100070 } },
        ],
      },
      operator,
    );
    expect(config).toMatchObject({ title: 'Reinwasser', timeSpanFactor: 3, type: 'Measurement' });
    expect(series).toHaveLength(2);
    expect(series[0]).toMatchObject({ id: old[1]!.id, axisYMin: 0, axisYMax: 300 });
    expect(series[1]!.id).not.toBe(old[0]!.id);
    const audit = await store.audit.range(0, Number.MAX_SAFE_INTEGER, 1);
    expect(audit[0]).toMatchObject({ action: 'chart.update', object: `chart:${id}` });
    expect(JSON.parse(audit[0]!.old_value!)).toMatchObject({ title: expect.stringContaining('Wasserwerk') });
  });

  it('refuses updates of unknown charts, foreign series ids, type changes and callers without the right', async () => {
    const [dir] = await charts.directories('Measurement', operator);
    const id = dir!.configList[0]!.id;
    const before = await charts.series(id);
    await expect(charts.updateConfig(424242, { title: 'x' }, operator)).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(charts.updateConfig(id, { title: 'x' }, viewer)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(
      charts.updateConfig(id, { type: 'LiveMeasurement' } as never, operator),
    ).rejects.toMatchObject({ code: 'invalid' });
    await expect(
      charts.updateConfig(id, { series: [{ id: 999999, pv: { type: 'AnaIn', nr: 100010 } }] }, operator),
    ).rejects.toThrow(/series\[0\]\.id/);
    await expect(charts.updateConfig(id, { title: '' }, operator)).rejects.toThrow(/title cannot be empty/);
    expect(await charts.series(id)).toEqual(before);
  });

  it('asks canEditChart per caller and chart', async () => {
    const [dir] = await charts.directories('Measurement', operator);
    const first = dir!.configList[0]!.id;
    const custom = createChartService({
      store,
      plant,
      canEditChart: (p, chartId) => p.username === 'meier' && chartId === first,
    });
    const list = (await custom.directories('Measurement', operator))[0]!.configList;
    expect(list.map((c) => c.currentUserCanEdit)).toEqual(list.map((c) => c.id === first));
  });
});
