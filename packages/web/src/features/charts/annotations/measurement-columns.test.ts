import { describe, expect, it } from 'vitest';
import { columnDecimals } from './measurement-columns';

describe('one number of decimals per measurement column', () => {
  it('two decimals for levels, flows and pressures, whatever each value needs', () => {
    expect(columnDecimals([1.5, 1.25, 12, null])).toBe(2);
    expect(columnDecimals([0.2, 3.8])).toBe(2);
  });
  it('three significant digits of the largest value for small readings', () => {
    expect(columnDecimals([0.35, 0.041])).toBe(3);
    expect(columnDecimals([0.0042, 0.001])).toBe(5);
  });
  it('gaps, zeros and broken values decide nothing', () => {
    expect(columnDecimals([null, undefined, 0, Number.NaN])).toBe(2);
    expect(columnDecimals([1e-12])).toBe(6);
  });
});
