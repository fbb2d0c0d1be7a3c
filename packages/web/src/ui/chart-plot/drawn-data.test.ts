import './test-dom';
import { describe, expect, it } from 'vitest';
import { drawnData } from './drawn-data';
import { freeAxis, plotSeries } from './test-series';

const logAxis = { ...freeAxis, log: true };

describe('drawnData', () => {
  // 800 pixels of 1 s each.
  const view = { start: 1_000_000, end: 1_800_000 };

  it('draws each point at the start of its pixel column of the view, keeping points that share one', () => {
    const points = { t: [1_001_500, 1_001_999, 1_002_000, 1_002_999], v: [1, 5, 2, 3] };
    const [xs, values] = drawnData([plotSeries('a')], [points], view, 800);
    expect(Array.from(xs)).toEqual([1001, 1001, 1002, 1002]);
    expect(Array.from(values ?? [])).toEqual([1, 5, 2, 3]);
  });

  it('places the points at the columns of the width it draws at', () => {
    const points = { t: [1_001_500, 1_003_999], v: [1, 2] };
    // 400 pixels: columns of 2 s.
    expect(Array.from(drawnData([plotSeries('a')], [points], view, 400)[0])).toEqual([1000, 1002]);
  });

  it('aligns the series on the shared columns; a series passes over the rows of the others', () => {
    const a = { t: [1_001_100, 1_002_100], v: [1, 2] };
    const b = { t: [1_001_900, 1_003_100], v: [-1, 5] };
    const drawn = drawnData([plotSeries('a'), plotSeries('b', { axis: logAxis })], [a, b], view, 800);
    expect(Array.from(drawn[0])).toEqual([1001, 1002, 1003]);
    expect(drawn[1]).toStrictEqual([1, 2, undefined]);
    // On the logarithmic axis -1 has no place: a gap, not a row passed over.
    expect(drawn[2]).toStrictEqual([null, undefined, 5]);
  });

  it('keeps the times without a drawing width', () => {
    const drawn = drawnData([plotSeries('a')], [{ t: [1_001_500], v: [1] }], view, 0);
    expect(Array.from(drawn[0])).toEqual([1001.5]);
  });
});
