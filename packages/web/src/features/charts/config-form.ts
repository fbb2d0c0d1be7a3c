import {
  checkChartConfigFields,
  checkSeriesList,
  type ChartConfig,
  type ChartConfigReplace,
  type InputIssue,
} from '@leitwarte/core';
import type { ScreenSeries } from '../../ui/chart-plot/chart-definition';

/** What the config editor holds: the editable config fields and the series in display order. */
export interface ConfigForm {
  title: string;
  timeSpanFactor: number;
  timeSpanUnit: ChartConfig['timeSpanUnit'];
  dataSourcePreset: ChartConfig['dataSourcePreset'];
  maxDaysForArchiveValues: number;
  maxMonthsForQuarterHourValues: number;
  maxYearsForDayValues: number;
  series: ScreenSeries[];
}

export function formOf(config: ChartConfig, series: readonly ScreenSeries[]): ConfigForm {
  return {
    title: config.title,
    timeSpanFactor: config.timeSpanFactor,
    timeSpanUnit: config.timeSpanUnit,
    dataSourcePreset: config.dataSourcePreset,
    maxDaysForArchiveValues: config.maxDaysForArchiveValues,
    maxMonthsForQuarterHourValues: config.maxMonthsForQuarterHourValues,
    maxYearsForDayValues: config.maxYearsForDayValues,
    series: series.map((s) => ({ ...s, pv: { ...s.pv } })),
  };
}

/** Catalogue key of a refused field, by what the user has to fix. */
export type FormIssueKey =
  | 'charts.config.errors.title'
  | 'charts.config.errors.number'
  | 'charts.config.errors.bound'
  | 'charts.config.errors.logBound'
  | 'charts.config.errors.logBase'
  | 'charts.config.errors.color'
  | 'charts.config.errors.invalid';

/** One refused field: where (`title`, `series[1].axisYMin`) and what the user reads. */
export interface FormIssue {
  field: string;
  key: FormIssueKey;
}

function keyOf(issue: InputIssue): FormIssueKey {
  const field = issue.field.replace(/^series\[\d+\]\./, '');
  if (field === 'title') return 'charts.config.errors.title';
  if (field === 'axisYMin' || field === 'axisYMax')
    return issue.message.includes('logarithmic')
      ? 'charts.config.errors.logBound'
      : 'charts.config.errors.bound';
  if (field === 'axisYLogarithmicBase') return 'charts.config.errors.logBase';
  if (field === 'color') return 'charts.config.errors.color';
  if (/^(timeSpanFactor|max\w+)$/.test(field)) return 'charts.config.errors.number';
  return 'charts.config.errors.invalid';
}

/**
 * Checks the form with the rules the server applies (screens §3, §5) and builds the PUT body:
 * the title trimmed, fixed bounds put in order, colours as `#rrggbbaa`, series ids kept.
 */
export function checkConfigForm(
  form: ConfigForm,
  type: ChartConfig['type'],
): { ok: true; body: ChartConfigReplace } | { ok: false; issues: FormIssue[] } {
  const { series, ...fields } = form;
  const config = checkChartConfigFields({ type, ...fields });
  const list = checkSeriesList(series.map(({ id: _id, ...rest }, i) => ({ ...rest, sortIndex: i })));
  const issues = [...(config.ok ? [] : config.issues), ...(list.ok ? [] : list.issues)].map((issue) => ({
    field: issue.field,
    key: keyOf(issue),
  }));
  if (!config.ok || !list.ok) return { ok: false, issues };
  const { type: _type, ...configFields } = config.value;
  return {
    ok: true,
    body: {
      ...configFields,
      series: list.value.map((fieldsOfSeries, i) => {
        const id = series[i]?.id ?? null;
        return id === null ? fieldsOfSeries : { id, ...fieldsOfSeries };
      }),
    },
  };
}
