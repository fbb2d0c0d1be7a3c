import { describe, expect, it } from 'vitest';
import {
  evaluateNightMinimum,
  formatPipeLeakageTime,
  minMaxStateAt,
  nightWindowAt,
  parseClockTime,
  parsePipeLeakageTime,
} from './pipe-leakage.js';
import { zonedToEpoch } from '../time/zoned.js';

const TZ = 'Europe/Berlin';
const WINDOW = { beginMinute: 120, endMinute: 240 };

describe('pipe-leakage time format (screens §9: dd.MM.yyyy HH:mm:ss)', () => {
  it('formats in the plant time zone with leading zeros', () => {
    // 2025-06-10 01:05:09 UTC is 03:05:09 summer time in Berlin.
    expect(formatPipeLeakageTime(Date.UTC(2025, 5, 10, 1, 5, 9), TZ)).toBe('10.06.2025 03:05:09');
    expect(formatPipeLeakageTime(Date.UTC(2025, 0, 2, 0, 0, 0), TZ)).toBe('02.01.2025 01:00:00');
    expect(formatPipeLeakageTime(Date.UTC(2025, 0, 2, 0, 0, 0), 'UTC')).toBe('02.01.2025 00:00:00');
  });
  it('parses back what it formats and refuses other shapes and impossible dates', () => {
    // 26 Oct 2025: 02:30 local occurs twice; the earlier (summer time) instant is taken.
    const ms = Date.UTC(2025, 9, 26, 0, 30, 0);
    expect(parsePipeLeakageTime(formatPipeLeakageTime(ms, TZ), TZ)).toBe(ms);
    expect(parsePipeLeakageTime('26.10.2025 03:30:00', TZ)).toBe(Date.UTC(2025, 9, 26, 2, 30, 0));
    expect(parsePipeLeakageTime('30.03.2025 02:30:00', TZ)).toBe(Date.UTC(2025, 2, 30, 1, 30, 0));
    expect(parsePipeLeakageTime('2025-06-10 03:05:09', TZ)).toBeNull();
    expect(parsePipeLeakageTime('31.02.2025 03:05:09', TZ)).toBeNull();
    expect(parsePipeLeakageTime('10.06.2025 24:00:00', TZ)).toBeNull();
  });
});

describe('night window of the minimum-flow measurement', () => {
  it('parses HH:MM and refuses malformed clock times', () => {
    expect(parseClockTime('02:00')).toBe(120);
    expect(parseClockTime('23:59')).toBe(1439);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('2:00')).toBeNull();
  });
  it('reports on tonight once the window began, else on the previous night (local time)', () => {
    const inWindow = zonedToEpoch({ year: 2025, month: 6, day: 10, hour: 3, minute: 0, second: 0 }, TZ);
    expect(nightWindowAt(inWindow, WINDOW, TZ)).toEqual({
      begin: Date.UTC(2025, 5, 10, 0, 0, 0),
      end: Date.UTC(2025, 5, 10, 2, 0, 0),
    });
    const beforeWindow = Date.UTC(2025, 5, 9, 23, 30, 0); // 01:30 local on the 10th
    expect(nightWindowAt(beforeWindow, WINDOW, TZ).begin).toBe(Date.UTC(2025, 5, 9, 0, 0, 0));
    // Winter time: 02:00 local is 01:00 UTC.
    expect(nightWindowAt(Date.UTC(2025, 0, 15, 12), WINDOW, TZ).begin).toBe(Date.UTC(2025, 0, 15, 1, 0, 0));
    expect(() => nightWindowAt(0, { beginMinute: 240, endMinute: 120 }, TZ)).toThrow(RangeError);
  });
  it('is measuring until its end, then complete with data or noData without', () => {
    expect(minMaxStateAt(100, { end: 200 }, false)).toBe('measuring');
    expect(minMaxStateAt(200, { end: 200 }, true)).toBe('complete');
    expect(minMaxStateAt(300, { end: 200 }, false)).toBe('noData');
  });
});

describe('night minimum against the reference', () => {
  const thresholds = { warningPercent: 20, alarmPercent: 50 };
  it('gives the change in percent of the reference and the state', () => {
    expect(evaluateNightMinimum(44, 40, thresholds)).toEqual({
      measurementChange: 10,
      measurementState: 'ok',
    });
    expect(evaluateNightMinimum(48, 40, thresholds)).toEqual({
      measurementChange: 20,
      measurementState: 'warning',
    });
    expect(evaluateNightMinimum(61, 40, thresholds)).toEqual({
      measurementChange: 52.5,
      measurementState: 'alarm',
    });
    expect(evaluateNightMinimum(30, 40, thresholds)).toEqual({
      measurementChange: -25,
      measurementState: 'ok',
    });
  });
  it('is unknown without a minimum or without a positive reference', () => {
    expect(evaluateNightMinimum(null, 40, thresholds).measurementState).toBe('unknown');
    expect(evaluateNightMinimum(10, 0, thresholds)).toEqual({
      measurementChange: null,
      measurementState: 'unknown',
    });
  });
});
