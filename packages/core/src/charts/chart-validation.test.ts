import { describe, expect, it } from 'vitest';
import {
  CHART_ARCHIVE_MAXIMA_DEFAULT,
  CHART_SERIES_MAX,
  LOGARITHMIC_BASE_DEFAULT,
} from './chart-constants.js';
import { defaultChartConfigFields, defaultSeriesFields } from './chart-defaults.js';
import { checkChartConfigFields, checkSeriesFields, checkSeriesList } from './chart-validation.js';

const pv = { type: 'AnaIn' as const, nr: 100010 };

describe('chart config defaults (screens §3 "Chart config", §4, §9 chart archive maxima 1 day, 1 month, 1 year)', () => {
  it('archive maxima default to 1, the data source preset to Auto', () => {
    expect(CHART_ARCHIVE_MAXIMA_DEFAULT).toEqual({
      maxDaysForArchiveValues: 1,
      maxMonthsForQuarterHourValues: 1,
      maxYearsForDayValues: 1,
    });
    expect(defaultChartConfigFields('Measurement', 'Hochbehälter')).toMatchObject({
      ...CHART_ARCHIVE_MAXIMA_DEFAULT,
      dataSourcePreset: 'Auto',
    });
  });

  it('a live chart spans one hour, an archive chart one day (screens §4)', () => {
    expect(defaultChartConfigFields('LiveMeasurement', 'x')).toMatchObject({
      timeSpanFactor: 1,
      timeSpanUnit: 'Hour',
    });
    expect(defaultChartConfigFields('Measurement', 'x')).toMatchObject({
      timeSpanFactor: 1,
      timeSpanUnit: 'Day',
    });
  });

  it('refuses an empty title, unknown units and maxima below 1, naming the field', () => {
    const base = defaultChartConfigFields('Measurement', 'ok');
    expect(checkChartConfigFields({ ...base, title: '   ' })).toEqual({
      ok: false,
      issues: [{ field: 'title', message: 'title cannot be empty' }],
    });
    const unit = checkChartConfigFields({ ...base, timeSpanUnit: 'Minute' });
    expect(unit.ok || unit.issues[0]).toMatchObject({
      field: 'timeSpanUnit',
      message: expect.stringContaining('"Year"'),
    });
    const max = checkChartConfigFields({ ...base, maxDaysForArchiveValues: 0 });
    expect(max.ok || max.issues[0]?.field).toBe('maxDaysForArchiveValues');
    expect(checkChartConfigFields({ ...base, title: '  Netz  ' })).toMatchObject({
      ok: true,
      value: { title: 'Netz' },
    });
  });
});

describe('series config (screens §3 "Chart series config", §5 "Chart axes")', () => {
  it('defaults: Line, bounds None, linear with base 10, not reversed, no limit lines, Aktuell', () => {
    expect(defaultSeriesFields(pv)).toMatchObject({
      seriesViewType: 'Line',
      yminOrNoneCase: 'None',
      ymaxOrNoneCase: 'None',
      axisYIsLogarithmic: false,
      axisYLogarithmicBase: LOGARITHMIC_BASE_DEFAULT,
      axisYReverse: false,
      showLimitBottom: false,
      showLimitTop: false,
      measurementType: 'Aktuell',
      color: null,
    });
    expect(LOGARITHMIC_BASE_DEFAULT).toBe(10);
    expect(checkSeriesFields(defaultSeriesFields(pv)).ok).toBe(true);
  });

  it('puts two fixed bounds in order and drops a bound whose switch is None', () => {
    const swapped = checkSeriesFields({
      ...defaultSeriesFields(pv),
      yminOrNoneCase: 'Set',
      axisYMin: 5,
      ymaxOrNoneCase: 'Set',
      axisYMax: 1,
    });
    expect(swapped).toMatchObject({ ok: true, value: { axisYMin: 1, axisYMax: 5 } });
    const none = checkSeriesFields({ ...defaultSeriesFields(pv), axisYMin: 3 });
    expect(none).toMatchObject({ ok: true, value: { axisYMin: null } });
  });

  it('refuses a set bound without a number, a bad base and a non-positive bound on a log axis', () => {
    const missing = checkSeriesFields({ ...defaultSeriesFields(pv), ymaxOrNoneCase: 'Set', axisYMax: null });
    expect(missing).toMatchObject({ ok: false, issues: [{ field: 'axisYMax' }] });
    for (const base of [1, 0.5, 0, -2])
      expect(checkSeriesFields({ ...defaultSeriesFields(pv), axisYLogarithmicBase: base })).toMatchObject({
        ok: false,
        issues: [{ field: 'axisYLogarithmicBase' }],
      });
    expect(checkSeriesFields({ ...defaultSeriesFields(pv), axisYLogarithmicBase: 2 })).toMatchObject({
      ok: true,
    });
    const log = checkSeriesFields({
      ...defaultSeriesFields(pv),
      axisYIsLogarithmic: true,
      yminOrNoneCase: 'Set',
      axisYMin: 0,
    });
    expect(log).toMatchObject({ ok: false, issues: [{ field: 'axisYMin' }] });
    const inf = checkSeriesFields({ ...defaultSeriesFields(pv), yminOrNoneCase: 'Set', axisYMin: Infinity });
    expect(inf.ok).toBe(false);
  });

  it('normalises colours to #rrggbbaa and refuses what is no colour', () => {
    expect(checkSeriesFields({ ...defaultSeriesFields(pv), color: '#ABC' })).toMatchObject({
      ok: true,
      value: { color: '#aabbccff' },
    });
    expect(checkSeriesFields({ ...defaultSeriesFields(pv), color: 'blue' })).toMatchObject({
      ok: false,
      issues: [{ field: 'color' }],
    });
  });

  it('refuses unknown view types, measurement types and PV types, naming the field', () => {
    const r = checkSeriesFields({ ...defaultSeriesFields(pv), seriesViewType: 'Pie' });
    expect(r).toMatchObject({
      ok: false,
      issues: [{ field: 'seriesViewType', message: expect.stringContaining('"StepLine"') }],
    });
    expect(checkSeriesFields({ ...defaultSeriesFields(pv), measurementType: 'Summe' }).ok).toBe(false);
    expect(checkSeriesFields({ ...defaultSeriesFields(pv), pv: { type: 'Foo', nr: 1 } })).toMatchObject({
      ok: false,
      issues: [{ field: 'pv.type' }],
    });
    expect(checkSeriesFields({ sortIndex: 0 })).toMatchObject({
      ok: false,
      issues: [{ message: 'is required' }],
    });
  });

  it('names the series by index in a list and caps the number of series', () => {
    const list = checkSeriesList([defaultSeriesFields(pv), { ...defaultSeriesFields(pv), color: 'x' }]);
    expect(list).toMatchObject({ ok: false, issues: [{ field: 'series[1].color' }] });
    const many = Array.from({ length: CHART_SERIES_MAX + 1 }, (_, i) => defaultSeriesFields(pv, i));
    expect(checkSeriesList(many)).toMatchObject({ ok: false, issues: [{ field: 'series' }] });
  });
});
