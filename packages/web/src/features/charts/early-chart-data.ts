import type { ChartConfig } from '@leitwarte/core';
import {
  chartDataFetcher,
  chartWindow,
  type ChartOpening,
  type ChartSeriesDefinition,
} from '../../ui/chart-plot/chart-definition';
import { startOpeningFetch, type OpeningFetch } from '../../ui/chart-plot/use-chart-data';

/**
 * The data request of a saved chart started with the click on its link: the directory knows the
 * chart's config (span, data source, archive maxima), so the data call need not wait for the
 * chart screen to load config and series first. The screen takes it over once its series are
 * known, when it opens the same chart with the same settings at the same resolution level.
 */
interface EarlyChartData {
  chartId: number;
  live: boolean;
  config: Pick<ChartConfig, SettingKey>;
  search: string;
  startedAt: number;
  opening: OpeningFetch;
  view: ChartOpening['view'];
}

type SettingKey =
  | 'timeSpanFactor'
  | 'timeSpanUnit'
  | 'dataSourcePreset'
  | 'maxDaysForArchiveValues'
  | 'maxMonthsForQuarterHourValues'
  | 'maxYearsForDayValues';

const SETTINGS: readonly SettingKey[] = [
  'timeSpanFactor',
  'timeSpanUnit',
  'dataSourcePreset',
  'maxDaysForArchiveValues',
  'maxMonthsForQuarterHourValues',
  'maxYearsForDayValues',
];

/** Older than this, a request started early is not taken over: its view would lag behind now. */
const EARLY_MAX_AGE_MS = 2000;

let pending: EarlyChartData | null = null;

function drop(): void {
  if (pending && !pending.opening.taken) pending.opening.controller.abort();
  pending = null;
}

/**
 * Starts the first data request of a saved chart about to open, at the plot width it will most
 * likely have; a request started earlier and not taken over is aborted.
 */
export function startEarlyChartData(
  config: ChartConfig,
  live: boolean,
  search: URLSearchParams,
  width: number,
  now: () => number = () => performance.now(),
): void {
  drop();
  const view = chartWindow({ factor: config.timeSpanFactor, unit: config.timeSpanUnit }, live, search);
  const opening = startOpeningFetch({
    view,
    width,
    preset: config.dataSourcePreset,
    maxima: {
      maxDaysForArchiveValues: config.maxDaysForArchiveValues,
      maxMonthsForQuarterHourValues: config.maxMonthsForQuarterHourValues,
      maxYearsForDayValues: config.maxYearsForDayValues,
    },
    fetcher: chartDataFetcher(config.id, true, []),
  });
  if (opening === null) return;
  const settings = Object.fromEntries(SETTINGS.map((k) => [k, config[k]])) as Pick<ChartConfig, SettingKey>;
  pending = {
    chartId: config.id,
    live,
    config: settings,
    search: search.toString(),
    startedAt: now(),
    opening,
    view,
  };
}

/**
 * The early request of this chart, if one was started moments ago for the same settings; it is
 * handed over once (any other is aborted). The view is the one the request was asked for.
 */
export function takeEarlyChartData(
  definition: ChartSeriesDefinition,
  live: boolean,
  search: URLSearchParams,
  now: () => number = () => performance.now(),
): { view: ChartOpening['view']; opening: OpeningFetch } | null {
  const early = pending;
  pending = null;
  const config = definition.config;
  if (early === null) return null;
  const same =
    config !== null &&
    early.chartId === config.id &&
    early.live === live &&
    early.search === search.toString() &&
    now() - early.startedAt <= EARLY_MAX_AGE_MS &&
    SETTINGS.every((k) => early.config[k] === config[k]);
  if (!same) {
    early.opening.controller.abort();
    return null;
  }
  return { view: early.view, opening: early.opening };
}
