import type { PvConfig } from '@leitwarte/core';
import { describe, expect, it } from 'vitest';
import { checkEntry, parseNumberText, parseTimeOfDay, timeOfDayNumber } from './checks';

const output = (
  domain: PvConfig['domainConfig'],
  valueType: PvConfig['valueType'] = 'DoubleValue',
): PvConfig => ({
  pvRef: { type: 'AnaOut', nr: 100040 },
  name: 'Sollwert Druck',
  eksNr: 'X',
  dimension: 'bar',
  subtype: 'Sollwert',
  valueType,
  alertInputConfig: null,
  domainConfig: domain,
  digiDisplayConfig: null,
});

describe('set-values checks (screens §5)', () => {
  it('reads numbers in German and English notation and refuses the rest', () => {
    expect(parseNumberText(' 4,5 ')).toBe(4.5);
    expect(parseNumberText('-3.25')).toBe(-3.25);
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('4,5,6')).toBeNull();
    expect(parseNumberText('1e9')).toBeNull();
  });

  it('compares times of day as hour*256+minutes', () => {
    expect(timeOfDayNumber({ hour: 6, minutes: 30 })).toBe(6 * 256 + 30);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('7:05')).toEqual({ hour: 7, minutes: 5 });
    const timer = output({ min: timeOfDayNumber({ hour: 6, minutes: 0 }), max: null }, 'TimeOfDayValue');
    const early = checkEntry(timer, { kind: 'timeOfDay', text: '05:59' }, undefined);
    expect(early.ok && early.violation?.min).toBe(1536);
    const bad = checkEntry(timer, { kind: 'timeOfDay', text: '25:00' }, undefined);
    expect(bad).toEqual({ ok: false, problem: { kind: 'invalidDate' } });
  });

  it('names a value outside the domain, with only the bound that exists', () => {
    const maxOnly = checkEntry(output({ min: null, max: 10 }), { kind: 'number', text: '11' }, undefined);
    expect(maxOnly.ok && maxOnly.violation).toMatchObject({ value: '11', min: null, max: 10 });
    const inside = checkEntry(output({ min: 0, max: 10 }), { kind: 'number', text: '10' }, undefined);
    expect(inside.ok && inside.violation).toBeNull();
  });

  it('inverts a digital output from its current value and needs one to do so', () => {
    const digital = { ...output(null, 'BoolValue'), pvRef: { type: 'DigiOut' as const, nr: 100050 } };
    const current = {
      pvRef: digital.pvRef,
      type: 'BoolValue' as const,
      boolValue: true,
      quality: 'Good' as const,
      timestamp: 0,
    };
    const inverted = checkEntry(digital, { kind: 'digital', mode: 2 }, current);
    expect(inverted.ok && inverted.write).toEqual({
      pvRef: digital.pvRef,
      type: 'BoolValue',
      boolValue: false,
    });
    expect(checkEntry(digital, { kind: 'digital', mode: 2 }, undefined).ok).toBe(false);
  });
});
