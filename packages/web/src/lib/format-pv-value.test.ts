import type { ProcessValue, PvConfig } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { formatPvValue, type PvFormatLabels } from './format-pv-value';

const labels: PvFormatLabels = {
  active: 'Ein',
  inactive: 'Aus',
  hours: 'h',
  cycles: 'Schaltspiele',
  invalid: 'Ungültig',
  failure: ['Keine Störung', 'Störung', 'Störung quittiert'] as const,
};
const base = { pvRef: { type: 'AnaIn' as const, nr: 100001 }, quality: 'Good' as const, timestamp: 0 };
const config = (dimension = '', digiDisplayConfig: PvConfig['digiDisplayConfig'] = null) => ({
  dimension,
  digiDisplayConfig,
});

describe('formatPvValue', () => {
  it('formats measurements in the user’s locale with their unit', () => {
    const value: ProcessValue = { ...base, type: 'DoubleValue', doubleValue: 1234.567 };
    expect(formatPvValue(value, config('m³/h'), 'de-DE', labels)).toEqual({ text: '1.234,57', unit: 'm³/h' });
    expect(formatPvValue(value, config('m³/h'), 'en-GB', labels)).toEqual({ text: '1,234.57', unit: 'm³/h' });
  });

  it('keeps small readings from collapsing to zero', () => {
    const value: ProcessValue = { ...base, type: 'DoubleValue', doubleValue: 0.0345 };
    expect(formatPvValue(value, config('mg/l'), 'de-DE', labels).text).toBe('0,0345');
  });

  it('shows non-finite readings as invalid', () => {
    const value: ProcessValue = { ...base, type: 'DoubleValue', doubleValue: Number.NaN };
    expect(formatPvValue(value, config('bar'), 'de-DE', labels).text).toBe('Ungültig');
  });

  it('shows booleans with the PV’s state texts, else the catalogue’s', () => {
    const on: ProcessValue = { ...base, type: 'BoolValue', boolValue: true };
    const off: ProcessValue = { ...base, type: 'BoolValue', boolValue: false };
    const texts = { stateActiveText: 'Pumpe läuft', stateInactiveText: 'Pumpe steht' };
    expect(formatPvValue(on, config('', texts), 'de-DE', labels)).toEqual({
      text: 'Pumpe läuft',
      unit: null,
    });
    expect(formatPvValue(off, config('', texts), 'de-DE', labels).text).toBe('Pumpe steht');
    expect(formatPvValue(on, config(), 'de-DE', labels).text).toBe('Ein');
    expect(formatPvValue(off, config(), 'de-DE', labels).text).toBe('Aus');
  });

  it('shows a counter’s total', () => {
    const value: ProcessValue = {
      ...base,
      type: 'CounterValue',
      counterValue: { value: 98765.4, resetable: true, day: 12, month: 340, year: 4100 },
    };
    expect(formatPvValue(value, config('m³'), 'de-DE', labels)).toEqual({ text: '98.765,4', unit: 'm³' });
  });

  it('shows runtimes in hours and switching cycles as a count', () => {
    const runtime = (runtimeType: 'Betriebszeit' | 'Schaltzyklen', value: number): ProcessValue => ({
      ...base,
      type: 'RuntimeValue',
      runtimeValue: { lower: 0, lowerMid: 0, upperMid: 0, upper: 0, value, runtimeType },
    });
    expect(formatPvValue(runtime('Betriebszeit', 12345.67), config(), 'de-DE', labels)).toEqual({
      text: '12.345,7',
      unit: 'h',
    });
    expect(formatPvValue(runtime('Schaltzyklen', 4711), config(), 'de-DE', labels)).toEqual({
      text: '4.711',
      unit: 'Schaltspiele',
    });
  });

  it('shows a time of day as HH:MM', () => {
    const value: ProcessValue = { ...base, type: 'TimeOfDayValue', timeOfDayValue: { hour: 6, minutes: 5 } };
    expect(formatPvValue(value, config(), 'de-DE', labels)).toEqual({ text: '06:05', unit: null });
  });

  it('names the failure input states and shows unknown ones as numbers', () => {
    const failure = (state: number) =>
      formatPvValue(
        { ...base, type: 'FailureStateValue', failureStateValue: state },
        config(),
        'de-DE',
        labels,
      ).text;
    expect([0, 1, 2, 7].map(failure)).toEqual(['Keine Störung', 'Störung', 'Störung quittiert', '7']);
  });
});
