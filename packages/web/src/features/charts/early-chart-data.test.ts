import { defaultSeriesFields, type ChartConfig, type ChartColumnsReply } from '@leitwarte/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test-support/fake-server';
import {
  openChart,
  seriesDefinitionOfConfig,
  type ChartSeriesDefinition,
} from '../../ui/chart-plot/chart-definition';
import { chartConfig } from './chart-test-fixtures';
import { startEarlyChartData, takeEarlyChartData } from './early-chart-data';

const PV = { type: 'AnaIn', nr: 100002 } as const;
const REPLY: ChartColumnsReply = { source: 'MeasurementArchive', series: [], unauthorizedPvs: [] };

/** What the chart screen knows once config and series are loaded. */
function definitionOf(config: ChartConfig): ChartSeriesDefinition {
  return seriesDefinitionOfConfig(config, [{ ...defaultSeriesFields(PV, 0), id: 1, chartId: config.id }]);
}

const none = new URLSearchParams();

describe('chart data asked for with the click on a chart link', () => {
  afterEach(() => {
    takeEarlyChartData(definitionOf(chartConfig(0)), false, none);
    vi.unstubAllGlobals();
  });

  it('is handed over once to the chart opened with the same settings, with the view it asked for', async () => {
    const server = fakeServer({ 'GET /api/charts/data/5': () => json(200, REPLY) });
    const config = chartConfig(5, { timeSpanFactor: 1, timeSpanUnit: 'Year' });
    startEarlyChartData(config, false, none, 1000);
    expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);

    const early = takeEarlyChartData(definitionOf(config), false, none);
    expect(early).not.toBeNull();
    const opening = openChart(definitionOf(config), false, none, 1000, early);
    expect(opening.view).toBe(early?.view);
    expect(await opening.request?.reply).toEqual(REPLY);
    // No second request: the chart screen uses the one under way.
    expect(server.calls('GET', '/api/charts/data/5')).toHaveLength(1);
    expect(takeEarlyChartData(definitionOf(config), false, none)).toBeNull();
  });

  it('is aborted for another chart, other settings, a late take-over or another resolution level', async () => {
    fakeServer({ 'GET /api/charts/data/5': () => json(200, REPLY) });
    const config = chartConfig(5);
    const tries: [ChartSeriesDefinition, number][] = [
      [definitionOf(chartConfig(6)), 0],
      [definitionOf({ ...config, dataSourcePreset: 'DayValues' }), 0],
      [definitionOf(config), 2001],
    ];
    for (const [definition, later] of tries) {
      let clock = 0;
      startEarlyChartData(config, false, none, 1000, () => clock);
      clock += later;
      expect(takeEarlyChartData(definition, false, none, () => clock)).toBeNull();
    }
    startEarlyChartData(config, false, none, 1000);
    const early = takeEarlyChartData(definitionOf(config), false, none);
    // A quarter of the width: a coarser level, so the chart asks anew.
    const opening = openChart(definitionOf(config), false, none, 250, early);
    expect(early?.opening.controller.signal.aborted).toBe(true);
    expect(opening.request?.controller.signal.aborted).toBe(false);
    expect(opening.request?.reply).not.toBe(early?.opening.reply);
  });
});
