import { describe, expect, it } from 'vitest';
import type { LimitConfig, ProcessValue } from '@leitwarte/core';
import {
  digitalState,
  gaugeFraction,
  gaugeScale,
  limitBands,
  limitSetOf,
  numericValue,
  severityOf,
} from './gauge-scale';

const ref = { type: 'AnaIn' as const, nr: 200010 };
const limit = (
  limitType: LimitConfig['pvLimitRef']['limitType'],
  value: number,
  notSet = false,
): LimitConfig => ({
  pvLimitRef: { pv: ref, limitType },
  limit: value,
  priority: 1,
  delayTime: 0,
  description: '',
  message: '',
  notSet,
});

describe('single-value gauge scale (screens §2 SingleValue: domain, limits as bands)', () => {
  it('takes the widget range, else the domain, else the limits, else 0 to 1', () => {
    expect(gaugeScale({ min: 0, max: 5 }, { min: -1, max: 9 }, {})).toEqual({ min: 0, max: 5 });
    expect(gaugeScale({ min: null, max: null }, { min: -1, max: 9 }, {})).toEqual({ min: -1, max: 9 });
    expect(gaugeScale({ min: null, max: null }, null, { Bottom: 1, Top: 10 })).toEqual({ min: 0, max: 11 });
    expect(gaugeScale({ min: null, max: null }, null, {})).toEqual({ min: 0, max: 1 });
    expect(gaugeScale({ min: 3, max: 3 }, null, {})).toEqual({ min: 3, max: 4 });
  });

  it('places a value as a fraction, pinned at the ends', () => {
    const scale = { min: 0, max: 4 };
    expect(gaugeFraction(1, scale)).toBe(0.25);
    expect(gaugeFraction(-2, scale)).toBe(0);
    expect(gaugeFraction(9, scale)).toBe(1);
    expect(gaugeFraction(Number.NaN, scale)).toBe(0);
  });

  it('colours the stretches beyond the limits and leaves out limits not set', () => {
    const limits = limitSetOf([
      limit('Bottom', 0.5),
      limit('BottomMiddle', 1),
      limit('TopMiddle', 4, true),
      limit('Top', 4.5),
    ]);
    expect(limits).toEqual({ Bottom: 0.5, BottomMiddle: 1, Top: 4.5 });
    expect(limitBands(limits, { min: 0, max: 5 })).toEqual([
      { from: 0, to: 0.5, severity: 'alarm' },
      { from: 0.5, to: 1, severity: 'warning' },
      { from: 1, to: 4.5, severity: 'normal' },
      { from: 4.5, to: 5, severity: 'alarm' },
    ]);
    expect(limitBands({}, { min: 0, max: 5 })).toEqual([{ from: 0, to: 5, severity: 'normal' }]);
  });

  it('rates a reading against its limits', () => {
    const limits = { Bottom: 0.5, BottomMiddle: 1, TopMiddle: 4, Top: 4.5 };
    expect(severityOf(0.4, limits)).toBe('alarm');
    expect(severityOf(0.8, limits)).toBe('warning');
    expect(severityOf(1, limits)).toBe('normal');
    expect(severityOf(4.2, limits)).toBe('warning');
    expect(severityOf(4.6, limits)).toBe('alarm');
  });

  it('reads numbers and digital states of every value kind', () => {
    const base = { pvRef: ref, quality: 'Good' as const, timestamp: 0 };
    const double: ProcessValue = { ...base, type: 'DoubleValue', doubleValue: 2.5 };
    const failure: ProcessValue = { ...base, type: 'FailureStateValue', failureStateValue: 1 };
    const acked: ProcessValue = { ...base, type: 'FailureStateValue', failureStateValue: 2 };
    const bool: ProcessValue = { ...base, type: 'BoolValue', boolValue: true };
    expect(numericValue(double)).toBe(2.5);
    expect(numericValue(bool)).toBe(1);
    expect(digitalState(double, undefined)).toBeNull();
    expect(digitalState(failure, undefined)).toEqual({ active: true, severity: 'alarm' });
    expect(digitalState(acked, undefined)).toEqual({ active: true, severity: 'warning' });
    expect(digitalState(bool, { alertInputConfig: null })).toEqual({ active: true, severity: 'normal' });
    expect(digitalState(bool, { alertInputConfig: { description: 'x', message: 'y', priority: 2 } })).toEqual(
      { active: true, severity: 'alarm' },
    );
  });
});
