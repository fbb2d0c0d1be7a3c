import { defaultSeriesFields, type ChartConfig } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { checkConfigForm, formOf } from './config-form';

const config: ChartConfig = {
  id: 5,
  directoryId: 1,
  type: 'Measurement',
  title: 'Füllstände',
  maxDaysForArchiveValues: 1,
  maxMonthsForQuarterHourValues: 1,
  maxYearsForDayValues: 1,
  timeSpanFactor: 1,
  timeSpanUnit: 'Day',
  dataSourcePreset: 'Auto',
  currentUserCanEdit: true,
};
const series = [
  { ...defaultSeriesFields({ type: 'AnaIn', nr: 100001 }, 0), id: 11 },
  { ...defaultSeriesFields({ type: 'AnaIn', nr: 100002 }, 1), id: null },
];

describe('config form', () => {
  it('builds the PUT body: title trimmed, bounds in order, ids kept, sort order as shown', () => {
    const form = formOf(config, series);
    form.title = '  Füllstände Nord ';
    form.series[0] = {
      ...form.series[0]!,
      yminOrNoneCase: 'Set',
      axisYMin: 9,
      ymaxOrNoneCase: 'Set',
      axisYMax: 2,
    };
    const checked = checkConfigForm(form, 'Measurement');
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body.title).toBe('Füllstände Nord');
    expect(checked.body).not.toHaveProperty('type');
    expect(checked.body.series[0]).toMatchObject({ id: 11, sortIndex: 0, axisYMin: 2, axisYMax: 9 });
    expect(checked.body.series[1]).not.toHaveProperty('id');
    expect(checked.body.series[1]).toMatchObject({ sortIndex: 1 });
  });

  it('refuses an empty title, a set bound without number, a bad log base, a bad factor', () => {
    const form = formOf(config, series);
    form.title = '  ';
    const first = checkConfigForm(form, 'Measurement');
    expect(first).toEqual({ ok: false, issues: [{ field: 'title', key: 'charts.config.errors.title' }] });

    const other = formOf(config, series);
    other.timeSpanFactor = Number.NaN;
    other.series[1] = {
      ...other.series[1]!,
      ymaxOrNoneCase: 'Set',
      axisYMax: null,
      axisYIsLogarithmic: true,
      axisYLogarithmicBase: 1,
      yminOrNoneCase: 'Set',
      axisYMin: -1,
    };
    const second = checkConfigForm(other, 'Measurement');
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.issues).toEqual(
      expect.arrayContaining([
        { field: 'timeSpanFactor', key: 'charts.config.errors.number' },
        { field: 'series[1].axisYMax', key: 'charts.config.errors.bound' },
        { field: 'series[1].axisYMin', key: 'charts.config.errors.logBound' },
        { field: 'series[1].axisYLogarithmicBase', key: 'charts.config.errors.logBase' },
      ]),
    );
  });
});
