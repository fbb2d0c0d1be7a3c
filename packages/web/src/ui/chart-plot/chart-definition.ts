import {
  CHART_ARCHIVE_MAXIMA_DEFAULT,
  defaultSeriesFields,
  pvKey,
  resolutionLevel,
  type ArchiveMaxima,
  type ChartConfig,
  type ChartSeriesConfig,
  type ChartSeriesFields,
  type ChartType,
  type DataSourcePreset,
  type PvConfig,
  type PvRef,
  type TimeUnit,
  type TimeWindow,
} from '@leitwarte/core';
import { getAutoChartColumns, getChartColumns, getChartConfig, getChartSeries } from '../../api/charts';
import { getPvConfigs } from '../../api/pv';
import { userTimeZone } from '../archive/range-selection';
import { initialArchiveWindow, initialLiveWindow } from './chart-range';
import { seriesKeys } from './plot-series';
import {
  seriesSignatureOf,
  startOpeningRequest,
  viewMsPerPixel,
  type ChartDataFetcher,
  type DataSeries,
  type OpeningFetch,
  type OpeningRequest,
} from './use-chart-data';

/** A series on screen: its fields, and its id when it belongs to a saved chart. */
export type ScreenSeries = ChartSeriesFields & { id: number | null };

/** Everything a chart screen needs before it can ask for data. */
export interface ChartDefinition {
  /** The saved chart, or null for a trend line made from a PV list. */
  config: ChartConfig | null;
  type: ChartType;
  title: string;
  span: { factor: number; unit: TimeUnit };
  preset: DataSourcePreset;
  maxima: ArchiveMaxima;
  series: ScreenSeries[];
  pvConfigs: Map<string, PvConfig>;
  /** PVs of the series the server does not know or the user may not read. */
  missingPvs: PvRef[];
}

/** What is known of a chart once its config and series are there, before its PVs' configs. */
export type ChartSeriesDefinition = Omit<ChartDefinition, 'pvConfigs' | 'missingPvs'>;

/** How a chart opens: its first view, and its first data request when one was started early. */
export interface ChartOpening {
  view: TimeWindow;
  request: OpeningRequest | null;
}

/** Where a chart screen's series come from: a saved chart, or a PV list (trend line). */
export type ChartOrigin =
  | { kind: 'config'; id: number }
  | { kind: 'pvs'; pvs: PvRef[]; type: ChartType; span: { factor: number; unit: TimeUnit } };

async function pvConfigsOf(pvs: readonly PvRef[], signal: AbortSignal) {
  const unique = [...new Map(pvs.map((pv) => [pvKey(pv), pv])).values()];
  if (unique.length === 0) return { configs: new Map<string, PvConfig>(), missing: [] };
  const reply = await getPvConfigs(unique, signal);
  return {
    configs: new Map(reply.configs.map((c) => [pvKey(c.pvRef), c])),
    missing: [...reply.missingPvs, ...reply.unauthorizedPvs],
  };
}

/** The definition of a saved chart from its config and series. */
export function definitionOfConfig(
  config: ChartConfig,
  series: readonly ChartSeriesConfig[],
  pvConfigs: Map<string, PvConfig>,
  missingPvs: PvRef[],
): ChartDefinition {
  return { ...seriesDefinitionOfConfig(config, series), pvConfigs, missingPvs };
}

/** What a chart shows from its config and series alone, before its PVs' configs are known. */
export function seriesDefinitionOfConfig(
  config: ChartConfig,
  series: readonly ChartSeriesConfig[],
): ChartSeriesDefinition {
  return {
    config,
    type: config.type,
    title: config.title,
    span: { factor: config.timeSpanFactor, unit: config.timeSpanUnit },
    preset: config.dataSourcePreset,
    maxima: {
      maxDaysForArchiveValues: config.maxDaysForArchiveValues,
      maxMonthsForQuarterHourValues: config.maxMonthsForQuarterHourValues,
      maxYearsForDayValues: config.maxYearsForDayValues,
    },
    series: [...series]
      .sort((a, b) => a.sortIndex - b.sortIndex)
      .map(({ chartId: _chart, ...fields }) => ({ ...fields })),
  };
}

/**
 * Loads a chart's config and series, then the configs of their PVs (name, dimension, EKS). A
 * trend line has no saved config: its series are the PVs with the defaults of screens §3 and
 * the archive maxima of automatic trend lines. `onSeries` hears of the series as soon as they
 * are known, before the PVs' configs, so the data can be asked for meanwhile.
 */
export async function loadChartDefinition(
  origin: ChartOrigin,
  signal: AbortSignal,
  onSeries?: (definition: ChartSeriesDefinition) => void,
): Promise<ChartDefinition> {
  if (origin.kind === 'config') {
    const [config, series] = await Promise.all([
      getChartConfig(origin.id, signal),
      getChartSeries(origin.id, signal),
    ]);
    const pvsLoading = pvConfigsOf(
      series.map((s) => s.pv),
      signal,
    );
    const base = seriesDefinitionOfConfig(config, series);
    if (!signal.aborted) onSeries?.(base);
    const pvs = await pvsLoading;
    // The same series list: the chart shown meanwhile keeps its data and requests.
    return { ...base, pvConfigs: pvs.configs, missingPvs: pvs.missing };
  }
  const pvsLoading = pvConfigsOf(origin.pvs, signal);
  const base: ChartSeriesDefinition = {
    config: null,
    type: origin.type,
    title: '',
    span: origin.span,
    preset: 'Auto',
    maxima: { ...CHART_ARCHIVE_MAXIMA_DEFAULT },
    series: origin.pvs.map((pv, i) => ({ ...defaultSeriesFields(pv, i), id: null })),
  };
  onSeries?.(base);
  const pvs = await pvsLoading;
  return {
    ...base,
    series: base.series.map((s) => ({ ...s, pvSubtype: pvs.configs.get(pvKey(s.pv))?.subtype ?? '' })),
    pvConfigs: pvs.configs,
    missingPvs: pvs.missing,
  };
}

/** The window a chart opens with, and goes back to on reset (screens §4). */
export function chartWindow(
  span: ChartDefinition['span'],
  live: boolean,
  search: URLSearchParams,
): TimeWindow {
  const now = Date.now();
  const zone = userTimeZone();
  return live ? initialLiveWindow(span, now, zone) : initialArchiveWindow(span, search, now, zone);
}

/**
 * Reads a chart's data: a saved chart by its id, a chart whose measurement types the user
 * changed, or a trend line, by its PVs.
 */
export function chartDataFetcher(
  chartId: number | null,
  byId: boolean,
  series: readonly DataSeries[],
): ChartDataFetcher {
  return (r, source, budget, signal) => {
    const query = { startDate: r.start, endDate: r.end, source, width: budget };
    if (chartId !== null && byId) return getChartColumns(chartId, query, signal);
    return getAutoChartColumns(
      series.map((s) => ({ pv: s.pv, measurementType: s.measurementType })),
      query,
      signal,
    );
  };
}

/**
 * How a chart opens at a plot width: its first view, and, with a width, its first data request
 * started at once (the request the chart would make once on screen). A request started before
 * (with the click on the chart's link) is used with its view instead, if it is on the resolution
 * level of this width; otherwise it is aborted.
 */
export function openChart(
  definition: ChartSeriesDefinition,
  live: boolean,
  search: URLSearchParams,
  width: number,
  early?: { view: TimeWindow; opening: OpeningFetch } | null,
): ChartOpening {
  const keys = seriesKeys(definition.series.map((s) => s.pv));
  const series: DataSeries[] = definition.series.map((s, i) => ({
    key: keys[i] ?? pvKey(s.pv),
    pv: s.pv,
    measurementType: s.measurementType,
  }));
  if (early) {
    const level = resolutionLevel(viewMsPerPixel(early.view, width));
    if (series.length > 0 && early.opening.level === level) {
      return { view: early.view, request: { ...early.opening, seriesSignature: seriesSignatureOf(series) } };
    }
    early.opening.controller.abort();
  }
  const view = chartWindow(definition.span, live, search);
  const request = startOpeningRequest({
    series,
    view,
    width,
    preset: definition.preset,
    maxima: definition.maxima,
    fetcher: chartDataFetcher(definition.config?.id ?? null, true, series),
  });
  return { view, request };
}
