import { CHART_SERIES_MAX } from './chart-constants.js';
import {
  ChartConfigFieldsSchema,
  ChartSeriesFieldsSchema,
  type ChartConfigFields,
  type ChartSeriesFields,
} from './chart-schemas.js';
import { schemaIssues, type InputIssue } from './input-issues.js';
import { colorToHex, parseHexColor } from './palette.js';

/** The outcome of checking an input: the normalised value, or why it was refused. */
export type InputCheck<T> = { ok: true; value: T } | { ok: false; issues: InputIssue[] };

/** Checks complete chart config fields; the title is trimmed and must not be empty. */
export function checkChartConfigFields(input: unknown): InputCheck<ChartConfigFields> {
  const issues = schemaIssues(ChartConfigFieldsSchema, input);
  if (issues.length > 0) return { ok: false, issues };
  const value = { ...(input as ChartConfigFields) };
  value.title = value.title.trim();
  if (value.title === '')
    return { ok: false, issues: [{ field: 'title', message: 'title cannot be empty' }] };
  return { ok: true, value };
}

function checkBound(
  field: 'axisYMin' | 'axisYMax',
  set: boolean,
  bound: number | null,
  logarithmic: boolean,
  issues: InputIssue[],
): number | null {
  // None: the axis follows the data, a stale number stored beside it would only mislead.
  if (!set) return null;
  if (bound === null || !Number.isFinite(bound)) {
    issues.push({ field, message: 'a fixed axis bound needs a finite number' });
    return null;
  }
  if (logarithmic && bound <= 0) issues.push({ field, message: 'a logarithmic axis needs bounds above 0' });
  return bound;
}

/**
 * Checks complete series fields (screens §3 "Chart series config") and normalises them: the
 * colour becomes `#rrggbbaa`, unset bounds become null, and two fixed bounds are put in order
 * (screens §5 "Chart axes").
 */
export function checkSeriesFields(input: unknown): InputCheck<ChartSeriesFields> {
  const schema = schemaIssues(ChartSeriesFieldsSchema, input);
  if (schema.length > 0) return { ok: false, issues: schema };
  const value: ChartSeriesFields = {
    ...(input as ChartSeriesFields),
    pv: { ...(input as ChartSeriesFields).pv },
  };
  const issues: InputIssue[] = [];
  if (value.color !== null) {
    const color = parseHexColor(value.color);
    if (color === null)
      issues.push({ field: 'color', message: 'must be a colour #rrggbb or #rrggbbaa, or null' });
    else value.color = colorToHex(color);
  }
  const base = value.axisYLogarithmicBase;
  // A base below 1 would turn the axis upside down; axisYReverse is the way to ask for that.
  if (!Number.isFinite(base) || base <= 1) {
    issues.push({ field: 'axisYLogarithmicBase', message: 'must be a finite number above 1' });
  }
  const log = value.axisYIsLogarithmic;
  value.axisYMin = checkBound('axisYMin', value.yminOrNoneCase === 'Set', value.axisYMin, log, issues);
  value.axisYMax = checkBound('axisYMax', value.ymaxOrNoneCase === 'Set', value.axisYMax, log, issues);
  if (value.axisYMin !== null && value.axisYMax !== null && value.axisYMin > value.axisYMax) {
    [value.axisYMin, value.axisYMax] = [value.axisYMax, value.axisYMin];
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

/** Checks a chart's series list; issues name the series by index (`series[2].color`). */
export function checkSeriesList(input: readonly unknown[]): InputCheck<ChartSeriesFields[]> {
  if (input.length > CHART_SERIES_MAX) {
    return {
      ok: false,
      issues: [{ field: 'series', message: `at most ${CHART_SERIES_MAX} series per chart` }],
    };
  }
  const values: ChartSeriesFields[] = [];
  const issues: InputIssue[] = [];
  input.forEach((item, i) => {
    const checked = checkSeriesFields(item);
    if (checked.ok) values.push(checked.value);
    else
      issues.push(
        ...checked.issues.map((issue) => ({
          ...issue,
          field: `series[${i}]${issue.field ? `.${issue.field}` : ''}`,
        })),
      );
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: values };
}
