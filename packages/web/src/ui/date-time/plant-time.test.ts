import { describe, expect, it } from 'vitest';
import { dateTimeFormatOf, fromPlantValue, toPlantValue } from './plant-time';

const BERLIN = 'Europe/Berlin';

describe("date/time field values in the plant's time zone", () => {
  it("shows an instant as the plant's wall-clock time, whatever the browser's zone", () => {
    // 26 November 2026 13:05 UTC is 14:05 in Berlin (CET).
    expect(toPlantValue(Date.UTC(2026, 10, 26, 13, 5), BERLIN)).toBe('2026-11-26 14:05:00');
    expect(toPlantValue(Date.UTC(2026, 10, 26, 13, 5), 'America/New_York')).toBe('2026-11-26 08:05:00');
  });
  it("reads a value as the plant's time, in summer and winter", () => {
    expect(fromPlantValue('2026-11-26 14:05:00', BERLIN)).toBe(Date.UTC(2026, 10, 26, 13, 5));
    expect(fromPlantValue('2026-07-01 14:05', BERLIN)).toBe(Date.UTC(2026, 6, 1, 12, 5));
    expect(fromPlantValue('2026-07-01', BERLIN)).toBe(Date.UTC(2026, 5, 30, 22, 0));
  });
  it('refuses what is no date', () => {
    expect(fromPlantValue('2026-02-30 10:00', BERLIN)).toBeNull();
    expect(fromPlantValue('2026-13-01 10:00', BERLIN)).toBeNull();
    expect(fromPlantValue('26.11.2026', BERLIN)).toBeNull();
    expect(fromPlantValue('', BERLIN)).toBeNull();
  });
  it('writes day before month in every language, in 24-hour time', () => {
    expect(dateTimeFormatOf('de')).toBe('DD.MM.YYYY HH:mm');
    expect(dateTimeFormatOf('en')).toBe('DD/MM/YYYY HH:mm');
  });
});
