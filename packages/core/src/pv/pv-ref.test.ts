import { describe, expect, it } from 'vitest';
import {
  decodePvNr,
  encodePvNr,
  isPvRef,
  isStationEncoded,
  parsePvKey,
  PV_TYPES,
  pvKey,
  STATION_NUMBER_DIVISOR,
} from './pv-ref.js';
import { primaryValue, qualityKey, timeOfDayToNumber } from './pv-value.js';

describe('PV references (screens §3 "Process value reference")', () => {
  it('knows the ten PV types of the spec', () => {
    expect(PV_TYPES).toEqual([
      'AnaIn',
      'AnaOut',
      'DigiIn',
      'DigiOut',
      'MinMax',
      'RechenWert',
      'LaborWert',
      'ZaehlWert',
      'PlsObject',
      'Undef',
    ]);
  });

  it('encodes station and number in nr for AnaIn, AnaOut, DigiIn, DigiOut only (divisor 100000, screens §9)', () => {
    expect(STATION_NUMBER_DIVISOR).toBe(100000);
    for (const type of ['AnaIn', 'AnaOut', 'DigiIn', 'DigiOut'] as const) {
      expect(isStationEncoded(type)).toBe(true);
      expect(decodePvNr({ type, nr: 1234567 })).toEqual({ station: 12, number: 34567 });
      expect(decodePvNr({ type, nr: 100001 })).toEqual({ station: 1, number: 1 });
      expect(decodePvNr({ type, nr: 99999 })).toEqual({ station: 0, number: 99999 });
    }
    for (const type of ['MinMax', 'RechenWert', 'LaborWert', 'ZaehlWert', 'PlsObject', 'Undef'] as const) {
      expect(isStationEncoded(type)).toBe(false);
      expect(decodePvNr({ type, nr: 1234567 })).toEqual({ station: null, number: 1234567 });
    }
  });

  it('encodes nr from station and number and refuses numbers outside the station range', () => {
    expect(encodePvNr(12, 34567)).toBe(1234567);
    expect(() => encodePvNr(1, 100000)).toThrow(RangeError);
    expect(() => encodePvNr(-1, 1)).toThrow(RangeError);
    expect(() => encodePvNr(1.5, 1)).toThrow(RangeError);
  });

  it('writes and parses the key Type-nr used in URLs (pv=AnaIn-100001)', () => {
    expect(pvKey({ type: 'AnaIn', nr: 100001 })).toBe('AnaIn-100001');
    expect(parsePvKey('AnaIn-100001')).toEqual({ type: 'AnaIn', nr: 100001 });
    expect(parsePvKey('RechenWert-7')).toEqual({ type: 'RechenWert', nr: 7 });
    for (const bad of ['', 'AnaIn', 'AnaIn-', 'Foo-1', 'AnaIn--1', 'AnaIn-1.5', '-100001', 'AnaIn-1e5']) {
      expect(parsePvKey(bad), bad).toBeNull();
    }
  });

  it('recognises well-formed references only', () => {
    expect(isPvRef({ type: 'DigiOut', nr: 300002 })).toBe(true);
    for (const bad of [
      null,
      1,
      {},
      { type: 'DigiOut' },
      { type: 'X', nr: 1 },
      { type: 'AnaIn', nr: -1 },
      { type: 'AnaIn', nr: 1.5 },
      { type: 'AnaIn', nr: '1' },
    ]) {
      expect(isPvRef(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('PV values (screens §3 "Process value", §4 quality, §5 time of day)', () => {
  const base = { pvRef: { type: 'AnaIn' as const, nr: 100001 }, quality: 'Good' as const, timestamp: 0 };

  it('maps quality Good/Bad/Uncertain to their keys and Unspecified to nothing', () => {
    expect(qualityKey('Good')).toBe('qualitygood');
    expect(qualityKey('Bad')).toBe('qualitybad');
    expect(qualityKey('Uncertain')).toBe('qualityuncertain');
    expect(qualityKey('Unspecified')).toBeNull();
  });

  it('compares time of day as hour*256+minutes', () => {
    expect(timeOfDayToNumber({ hour: 6, minutes: 30 })).toBe(6 * 256 + 30);
    expect(timeOfDayToNumber({ hour: 23, minutes: 59 })).toBeGreaterThan(
      timeOfDayToNumber({ hour: 23, minutes: 0 }),
    );
  });

  it('reads the main reading of every value kind', () => {
    expect(primaryValue({ ...base, type: 'BoolValue', boolValue: true })).toBe(true);
    expect(primaryValue({ ...base, type: 'DoubleValue', doubleValue: 2.5 })).toBe(2.5);
    expect(primaryValue({ ...base, type: 'FailureStateValue', failureStateValue: 2 })).toBe(2);
    expect(
      primaryValue({
        ...base,
        type: 'CounterValue',
        counterValue: { value: 10, resetable: true, day: 1, month: 2, year: 3 },
      }),
    ).toBe(10);
    expect(
      primaryValue({
        ...base,
        type: 'RuntimeValue',
        runtimeValue: {
          lower: 0,
          lowerMid: 0,
          upperMid: 0,
          upper: 0,
          value: 42,
          runtimeType: 'Betriebszeit',
        },
      }),
    ).toBe(42);
    expect(primaryValue({ ...base, type: 'TimeOfDayValue', timeOfDayValue: { hour: 1, minutes: 2 } })).toBe(
      258,
    );
  });
});
