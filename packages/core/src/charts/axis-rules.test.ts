import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AXIS_DOMAIN,
  DIGITAL_STACKED_DOMAIN,
  axesMergeable,
  axisDecimals,
  axisSettingsOf,
  dataExtent,
  effectiveLogBase,
  groupAxes,
  orderAxisBounds,
  seriesAxisRange,
  yAxisPadding,
  type AxisSettings,
} from './axis-rules.js';
import { defaultSeriesFields } from './chart-defaults.js';

const free: AxisSettings = {
  min: { case: 'None', value: null },
  max: { case: 'None', value: null },
  log: false,
  logBase: 10,
  reverse: false,
};
const withBounds = (
  min: number | null,
  max: number | null,
  extra: Partial<AxisSettings> = {},
): AxisSettings => ({
  ...free,
  min: { case: min === null ? 'None' : 'Set', value: min },
  max: { case: max === null ? 'None' : 'Set', value: max },
  ...extra,
});

describe('fixed axis bounds (screens §5 "Chart axes")', () => {
  it('puts both bounds in order when both are fixed', () => {
    expect(orderAxisBounds(100, 10)).toEqual({ min: 10, max: 100 });
    expect(orderAxisBounds(10, 100)).toEqual({ min: 10, max: 100 });
    expect(seriesAxisRange(withBounds(50, -50), 3, 4)).toEqual({ min: -50, max: 50 });
  });

  it('leaves a single fixed bound as it is', () => {
    expect(orderAxisBounds(5, null)).toEqual({ min: 5, max: null });
    expect(orderAxisBounds(null, -5)).toEqual({ min: null, max: -5 });
  });

  it('uses fixed bounds as they are and pads only the free side', () => {
    expect(seriesAxisRange(withBounds(0, null), 10, 20)).toEqual({ min: 0, max: 21 });
    expect(seriesAxisRange(withBounds(null, 100), 10, 20)).toEqual({ min: 9, max: 100 });
  });

  it('ignores a bound whose switch is None even when a number is stored', () => {
    const settings: AxisSettings = { ...free, min: { case: 'None', value: -1000 } };
    expect(seriesAxisRange(settings, 10, 20)).toEqual({ min: 9, max: 21 });
  });

  it('keeps the axis open when a fixed bound lies beyond all data', () => {
    expect(seriesAxisRange(withBounds(50, null), 10, 20)).toEqual({ min: 50, max: 51 });
    expect(seriesAxisRange(withBounds(7, 7), null, null)).toEqual({ min: 6, max: 7 });
  });

  it('reads the settings of a series config', () => {
    const fields = { ...defaultSeriesFields({ type: 'AnaIn', nr: 100001 }, 0) };
    fields.yminOrNoneCase = 'Set';
    fields.axisYMin = 2;
    fields.axisYReverse = true;
    const settings = axisSettingsOf(fields);
    expect(settings.min).toEqual({ case: 'Set', value: 2 });
    expect(settings.max.case).toBe('None');
    expect(settings.reverse).toBe(true);
    expect(settings.logBase).toBe(10);
  });
});

describe('y padding (screens §9 "Y-axis padding")', () => {
  it('is 10 percent of the span', () => {
    expect(yAxisPadding(50)).toBe(5);
    expect(yAxisPadding(-50)).toBe(5);
    expect(seriesAxisRange(free, 100, 200)).toEqual({ min: 90, max: 210 });
  });

  it('is 1 when the span is zero', () => {
    expect(yAxisPadding(0)).toBe(1);
    expect(seriesAxisRange(free, 4, 4)).toEqual({ min: 3, max: 5 });
  });

  it('is 0.1 in the stacked view with a single series and 0.5 otherwise', () => {
    expect(yAxisPadding(50, { stacked: true, seriesCount: 1 })).toBe(0.1);
    expect(yAxisPadding(50, { stacked: true, seriesCount: 2 })).toBe(0.5);
    expect(yAxisPadding(0, { stacked: true, seriesCount: 8 })).toBe(0.5);
    expect(seriesAxisRange(free, 0, 10, { stacked: true, seriesCount: 3 })).toEqual({ min: -0.5, max: 10.5 });
  });
});

describe('default domains (screens §9 "Default axis domain")', () => {
  it('is 0 to 1 without data', () => {
    expect(DEFAULT_AXIS_DOMAIN).toEqual({ min: 0, max: 1 });
    expect(seriesAxisRange(free, null, null)).toEqual({ min: 0, max: 1 });
  });

  it('stretches the default domain to a single fixed bound', () => {
    expect(seriesAxisRange(withBounds(null, 100), null, null)).toEqual({ min: 0, max: 100 });
    expect(seriesAxisRange(withBounds(-5, null), null, null)).toEqual({ min: -5, max: 1 });
  });

  it('is 0 to 1 for a digital series in the stacked view, whatever its data', () => {
    expect(DIGITAL_STACKED_DOMAIN).toEqual({ min: 0, max: 1 });
    expect(seriesAxisRange(free, 0, 5, { stacked: true, digital: true, seriesCount: 4 })).toEqual({
      min: 0,
      max: 1,
    });
  });
});

describe('axis rounding (screens §9 "0, 1 or 2 decimals by span")', () => {
  it.each([
    [1000, 0],
    [10, 0],
    [9.99, 1],
    [1, 1],
    [0.99, 2],
    [0, 2],
    [-20, 0],
  ])('span %d → %d decimals', (span, decimals) => {
    expect(axisDecimals(span)).toBe(decimals);
  });
});

describe('merged axes (screens §9 "Axes merge if bounds differ by at most 0.01")', () => {
  it('merges bounds within 0.01 and not beyond', () => {
    expect(axesMergeable({ min: 0, max: 10 }, { min: 0.01, max: 9.99 })).toBe(true);
    expect(axesMergeable({ min: 0.3, max: 1 }, { min: 0.31, max: 1 })).toBe(true);
    expect(axesMergeable({ min: 0, max: 10 }, { min: 0.011, max: 10 })).toBe(false);
    expect(axesMergeable({ min: 0, max: 10 }, { min: 0, max: 10.02 })).toBe(false);
  });

  it('groups series with matching ranges and settings on one axis covering all of them', () => {
    const groups = groupAxes([
      { key: 'a', settings: withBounds(0, 100), range: { min: 0, max: 100 } },
      { key: 'b', settings: free, range: { min: -5, max: 55 } },
      { key: 'c', settings: withBounds(0, 100.005), range: { min: 0, max: 100.005 } },
      { key: 'd', settings: { ...withBounds(0, 100), reverse: true }, range: { min: 0, max: 100 } },
    ]);
    expect(groups.map((g) => g.seriesKeys)).toEqual([['a', 'c'], ['b'], ['d']]);
    expect(groups[0]?.range).toEqual({ min: 0, max: 100.005 });
    expect(groups[2]?.reverse).toBe(true);
  });

  it('keeps logarithmic axes of different bases apart', () => {
    const log10 = { ...free, log: true, logBase: 10 };
    const log2 = { ...free, log: true, logBase: 2 };
    const range = { min: 1, max: 100 };
    const groups = groupAxes([
      { key: 'a', settings: log10, range },
      { key: 'b', settings: log2, range },
      { key: 'c', settings: free, range },
      { key: 'd', settings: log10, range },
    ]);
    expect(groups.map((g) => g.seriesKeys)).toEqual([['a', 'd'], ['b'], ['c']]);
    expect(groups.map((g) => g.logBase)).toEqual([10, 2, 10]);
  });

  it('compares with the first range of a group, so drifting ranges do not chain', () => {
    const groups = groupAxes([
      { key: 'a', settings: free, range: { min: 0, max: 1 } },
      { key: 'b', settings: free, range: { min: 0.008, max: 1 } },
      { key: 'c', settings: free, range: { min: 0.016, max: 1 } },
    ]);
    expect(groups.map((g) => g.seriesKeys)).toEqual([['a', 'b'], ['c']]);
  });
});

describe('logarithmic axis (screens §3, §9 "Logarithmic base default 10")', () => {
  const log10 = { ...free, log: true, logBase: 10 };

  it('pads by 10 percent of the span in decades and stays positive', () => {
    const range = seriesAxisRange(log10, 1, 1000);
    expect(range.min).toBeCloseTo(10 ** -0.3, 10);
    expect(range.max).toBeCloseTo(10 ** 3.3, 10);
  });

  it('leaves out data at or below 0', () => {
    expect(dataExtent([-5, 0, 2, null, 20], true)).toEqual({ min: 2, max: 20 });
    expect(dataExtent([-5, 0, 2, null, 20])).toEqual({ min: -5, max: 20 });
    expect(dataExtent([-5, 0], true)).toBeNull();
    const range = seriesAxisRange(log10, -5, 100);
    expect(range.min).toBeGreaterThan(0);
    expect(range.min).toBeCloseTo(10, 10);
    expect(range.max).toBeCloseTo(1000, 10);
  });

  it('pads one step of the base when flat and uses 1..base without data', () => {
    const flat = seriesAxisRange({ ...log10, logBase: 2 }, 8, 8);
    expect(flat.min).toBeCloseTo(4, 10);
    expect(flat.max).toBeCloseTo(16, 10);
    expect(seriesAxisRange(log10, null, null)).toEqual({ min: 1, max: 10 });
  });

  it('treats a fixed bound at or below 0 as free', () => {
    expect(seriesAxisRange(withBounds(0, 1000, { log: true }), null, null)).toEqual({ min: 100, max: 1000 });
  });

  it('falls back to base 10 for an unusable base', () => {
    expect(effectiveLogBase(2)).toBe(2);
    expect(effectiveLogBase(1)).toBe(10);
    expect(effectiveLogBase(0)).toBe(10);
    expect(effectiveLogBase(Number.NaN)).toBe(10);
  });
});

describe('reversed axis (screens §3 axisYReverse)', () => {
  it('keeps min below max, the direction is a drawing matter', () => {
    const reversed = { ...free, reverse: true };
    expect(seriesAxisRange(reversed, 0, 10)).toEqual({ min: -1, max: 11 });
    expect(groupAxes([{ key: 'a', settings: reversed, range: { min: -1, max: 11 } }])[0]?.reverse).toBe(true);
  });
});
