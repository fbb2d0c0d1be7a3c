import {
  CHART_ARCHIVE_MAXIMA_DEFAULT,
  defaultSeriesFields,
  pvKey,
  type ArchiveMaxima,
  type ChartConfig,
  type ChartSeriesConfig,
  type ChartSeriesFields,
  type ChartType,
  type DataSourcePreset,
  type PvConfig,
  type PvRef,
  type TimeUnit,
} from '@leitwarte/core';
import { getChartConfig, getChartSeries } from '../../api/charts';
import { getPvConfigs } from '../../api/pv';

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
    pvConfigs,
    missingPvs,
  };
}

/**
 * Loads a chart's config and series, then the configs of their PVs (name, dimension, EKS). A
 * trend line has no saved config: its series are the PVs with the defaults of screens §3 and
 * the archive maxima of automatic trend lines.
 */
export async function loadChartDefinition(
  origin: ChartOrigin,
  signal: AbortSignal,
): Promise<ChartDefinition> {
  if (origin.kind === 'config') {
    const [config, series] = await Promise.all([
      getChartConfig(origin.id, signal),
      getChartSeries(origin.id, signal),
    ]);
    const pvs = await pvConfigsOf(
      series.map((s) => s.pv),
      signal,
    );
    return definitionOfConfig(config, series, pvs.configs, pvs.missing);
  }
  const pvs = await pvConfigsOf(origin.pvs, signal);
  return {
    config: null,
    type: origin.type,
    title: '',
    span: origin.span,
    preset: 'Auto',
    maxima: { ...CHART_ARCHIVE_MAXIMA_DEFAULT },
    series: origin.pvs.map((pv, i) => ({
      ...defaultSeriesFields(pv, i),
      pvSubtype: pvs.configs.get(pvKey(pv))?.subtype ?? '',
      id: null,
    })),
    pvConfigs: pvs.configs,
    missingPvs: pvs.missing,
  };
}
