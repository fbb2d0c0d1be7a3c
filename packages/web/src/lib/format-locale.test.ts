import { describe, expect, it } from 'vitest';
import { localeFormat } from './format-locale';

// Czech and Russian group thousands with a no-break space.
const NBSP = '\u00a0';

describe('localeFormat', () => {
  it.each([
    ['de', '1.234,5', '12.345,68'],
    ['en', '1,234.5', '12,345.68'],
    ['cs', `1${NBSP}234,5`, `12${NBSP}345,68`],
    ['ru', `1${NBSP}234,5`, `12${NBSP}345,68`],
  ])('writes numbers the way %s writes them', (language, small, rounded) => {
    const format = localeFormat(language);
    expect(format.number(1234.5)).toBe(small);
    expect(format.number(12345.678)).toBe(rounded);
  });

  it.each([
    ['de', `1.234,5${NBSP}m³`],
    ['en', `1,234.5${NBSP}m³`],
    ['cs', `1${NBSP}234,5${NBSP}m³`],
    ['ru', `1${NBSP}234,5${NBSP}m³`],
  ])('keeps the plant’s unit after a %s number', (language, expected) => {
    expect(localeFormat(language).withUnit(1234.5, 'm³')).toBe(expected);
    expect(localeFormat(language).withUnit(3, ' l/s ')).toBe(`3${NBSP}l/s`);
    expect(localeFormat(language).withUnit(3, '')).toBe('3');
  });

  it.each([
    ['de', '05.03.2024', '05.03.2024, 14:04:05'],
    ['en', '05/03/2024', '05/03/2024, 14:04:05'],
    ['cs', '05. 03. 2024', '05. 03. 2024 14:04:05'],
    ['ru', '05.03.2024', '05.03.2024, 14:04:05'],
  ])('writes dates and times the way %s writes them', (language, date, dateTime) => {
    const at = new Date(2024, 2, 5, 14, 4, 5);
    const format = localeFormat(language);
    expect(format.date(at)).toBe(date);
    expect(format.time(at)).toBe('14:04:05');
    expect(format.dateTime(at)).toBe(dateTime);
  });

  it('rounds integers and builds one format object per language', () => {
    expect(localeFormat('de').integer(4711.6)).toBe('4.712');
    expect(localeFormat('de')).toBe(localeFormat('de'));
    expect(localeFormat('en-US').locale).toBe('en-GB');
  });

  it('falls back to German for a language without catalogue', () => {
    expect(localeFormat('fr').locale).toBe('de-DE');
    expect(localeFormat('fr').number(1234.5)).toBe('1.234,5');
  });
});
