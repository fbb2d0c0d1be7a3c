import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { computeLayout, countVisiblePoints, plotSignature, prepareData } from './plot-data';
import { freeAxis, plotSeries } from './test-series';

const logAxis = { ...freeAxis, log: true };

describe('plot layout (screens §9 axes merge, padding, logarithmic axis)', () => {
  it('gives series with matching ranges one scale and others their own', () => {
    const series = [plotSeries('a'), plotSeries('b'), plotSeries('c')];
    const data: uPlot.AlignedData = [
      [1, 2],
      [0, 10],
      [0.005, 10],
      [100, 200],
    ];
    const layout = computeLayout(series, data);
    expect(layout.groups.map((g) => g.seriesIndexes)).toEqual([[0, 1], [2]]);
    expect(layout.scaleKeys).toEqual(['y0', 'y0', 'y1']);
    expect(layout.groups[0]?.range.min).toBeCloseTo(-1);
    expect(layout.groups[0]?.range.max).toBeCloseTo(11);
    expect(layout.groups[1]?.range).toEqual({ min: 90, max: 210 });
  });

  it('uses the default domain for series without data and puts fixed bounds in order', () => {
    const fixed = {
      ...freeAxis,
      min: { case: 'Set' as const, value: 50 },
      max: { case: 'Set' as const, value: -50 },
    };
    const layout = computeLayout([plotSeries('a'), plotSeries('b', { axis: fixed })], [[], [], []]);
    expect(layout.groups.map((g) => g.range)).toEqual([
      { min: 0, max: 1 },
      { min: -50, max: 50 },
    ]);
  });

  it('keeps log and reversed axes apart from linear ones with the same range', () => {
    const series = [
      plotSeries('a'),
      plotSeries('b', { axis: { ...freeAxis, reverse: true } }),
      plotSeries('c', { axis: logAxis }),
    ];
    const layout = computeLayout(series, [[1], [5], [5], [5]]);
    expect(layout.groups).toHaveLength(3);
    expect(layout.groups.map((g) => [g.log, g.reverse])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
  });

  it('turns values at or below 0 into gaps on logarithmic axes only', () => {
    const data: uPlot.AlignedData = [
      [1, 2, 3],
      [-1, 0, 5],
      [-1, 0, 5],
    ];
    const prepared = prepareData([plotSeries('lin'), plotSeries('log', { axis: logAxis })], data);
    expect(prepared[1]).toBe(data[1]);
    expect(prepared[2]).toEqual([null, null, 5]);
    expect(prepareData([plotSeries('lin')], data)).toBe(data);
  });

  it('keeps undefined rows undefined on logarithmic axes, so the line is not broken there', () => {
    const data: uPlot.AlignedData = [
      [1, 1, 2],
      [5, undefined, 0],
    ];
    expect(prepareData([plotSeries('log', { axis: logAxis })], data)[1]).toStrictEqual([5, undefined, null]);
  });

  it('changes its signature with the drawing and the kind of axis, not with visibility or grouping', () => {
    const series = [plotSeries('a'), plotSeries('b')];
    const hidden = series.map((s) => ({ ...s, visible: false }));
    expect(plotSignature(hidden)).toBe(plotSignature(series));
    const bars = [plotSeries('a', { viewType: 'Bar' }), plotSeries('b')];
    expect(plotSignature(bars)).not.toBe(plotSignature(series));
    const log = [plotSeries('a', { axis: logAxis }), plotSeries('b')];
    expect(plotSignature(log)).not.toBe(plotSignature(series));
    const reversed = [plotSeries('a'), plotSeries('b', { axis: { ...logAxis, log: false, reverse: true } })];
    expect(plotSignature(reversed)).not.toBe(plotSignature(series));
  });
});

describe('countVisiblePoints', () => {
  const data: uPlot.AlignedData = [
    [10, 20, 30, 40],
    [1, null, 3, 4],
    [1, 2, 3, null],
  ];

  it('counts non-null values of shown series inside the time range, bounds included', () => {
    expect(countVisiblePoints(data, [true, true], 10, 40)).toBe(6);
    expect(countVisiblePoints(data, [true, true], 20, 30)).toBe(3);
    expect(countVisiblePoints(data, [false, true], 0, 100)).toBe(3);
    expect(countVisiblePoints(data, [true, true], 41, 100)).toBe(0);
  });
});
