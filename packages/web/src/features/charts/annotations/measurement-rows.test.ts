import { describe, expect, it } from 'vitest';
import { measurementRows, pvsOfQuery } from './measurement-rows';

const points = (...pairs: [number, number][]) => ({
  dataPoints: pairs.map(([timestamp, value]) => ({ timestamp, value })),
});

describe('measurement table rows', () => {
  it('makes one row per timestamp, oldest first, with a value per series and null where one has none', () => {
    const rows = measurementRows([points([3000, 3.5], [1000, 1.5]), points([2000, 20], [3000, 30])]);
    expect(rows).toEqual([
      { t: 1000, values: [1.5, null] },
      { t: 2000, values: [null, 20] },
      { t: 3000, values: [3.5, 30] },
    ]);
  });

  it('keeps the last value of a timestamp repeated within a series', () => {
    expect(measurementRows([points([1000, 1], [1000, 2])])).toEqual([{ t: 1000, values: [2] }]);
  });

  it('has no rows without points and keeps a zero value', () => {
    expect(measurementRows([])).toEqual([]);
    expect(measurementRows([points(), points([5, 0])])).toEqual([{ t: 5, values: [null, 0] }]);
  });
});

describe('PVs of the address', () => {
  it('reads repeated and comma-separated pv parameters, each PV once, and skips invalid keys', () => {
    const params = new URLSearchParams(
      'pv=AnaIn-100001&pv=ZaehlWert-7,AnaIn-100001&pv=Nonsense-1&pv=AnaIn-x',
    );
    expect(pvsOfQuery(params)).toEqual([
      { type: 'AnaIn', nr: 100001 },
      { type: 'ZaehlWert', nr: 7 },
    ]);
  });

  it('is empty without pv parameters', () => {
    expect(pvsOfQuery(new URLSearchParams('amount=7'))).toEqual([]);
  });
});
