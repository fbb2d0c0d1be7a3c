import { describe, expect, it } from 'vitest';
import { reportNumberOf } from './report-values.js';

const base = { pvRef: { type: 'AnaIn' as const, nr: 100001 }, quality: 'Good' as const, timestamp: 0 };

describe('the number a report takes of a value', () => {
  it('takes measurements, counter and runtime totals, and digital states as 0/1', () => {
    expect(reportNumberOf({ ...base, type: 'DoubleValue', doubleValue: 2.5 })).toBe(2.5);
    expect(
      reportNumberOf({
        ...base,
        type: 'CounterValue',
        counterValue: { value: 7, resetable: true, day: 1, month: 2, year: 3 },
      }),
    ).toBe(7);
    expect(
      reportNumberOf({
        ...base,
        type: 'RuntimeValue',
        runtimeValue: {
          lower: 0,
          lowerMid: 0,
          upperMid: 0,
          upper: 0,
          value: 12,
          runtimeType: 'Betriebszeit',
        },
      }),
    ).toBe(12);
    expect(reportNumberOf({ ...base, type: 'BoolValue', boolValue: true })).toBe(1);
  });

  it('takes nothing from Bad values, failure states or times of day', () => {
    expect(reportNumberOf({ ...base, quality: 'Bad', type: 'DoubleValue', doubleValue: 2.5 })).toBeNull();
    expect(reportNumberOf({ ...base, type: 'FailureStateValue', failureStateValue: 1 })).toBeNull();
    expect(
      reportNumberOf({ ...base, type: 'TimeOfDayValue', timeOfDayValue: { hour: 1, minutes: 2 } }),
    ).toBeNull();
  });
});
