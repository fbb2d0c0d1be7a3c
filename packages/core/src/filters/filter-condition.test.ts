import { describe, expect, it } from 'vitest';
import { compileCondition, isEmptyFilterValue } from './filter-condition.js';
import type { FieldValue, FilterCondition, FilterOperator } from './filter-types.js';
import { filterTextAsNumber, normaliseFilterText } from './filter-values.js';

const test = (operator: FilterOperator, value: FilterCondition['value'], field: FieldValue) =>
  compileCondition({ field: 'f', operator, value })(field);

describe('filter text (screens §5: case-insensitive, whitespace collapsed)', () => {
  it('lower-cases, trims and collapses runs of whitespace, tabs and line breaks', () => {
    expect(normaliseFilterText('  Pumpe \t  Nord\n\nAUS ')).toBe('pumpe nord aus');
    expect(normaliseFilterText('Pumpe\u00a0Nord')).toBe('pumpe nord');
    expect(normaliseFilterText('Pumpe\tNord')).toBe('pumpe nord');
    expect(normaliseFilterText('Pumpe Nord')).toBe('pumpe nord');
  });

  it.each([
    ['contains', 'PUMPE  nord', 'Störung Pumpe Nord 3', true],
    ['contains', 'süd', 'Störung Pumpe Nord 3', false],
    ['doesnotcontain', 'süd', 'Störung Pumpe Nord 3', true],
    ['doesnotcontain', 'PUMPE', 'Störung Pumpe Nord 3', false],
    ['startswith', ' störung ', 'Störung Pumpe', true],
    ['startswith', 'pumpe', 'Störung Pumpe', false],
    ['endswith', 'NORD', 'Pumpe   nord', true],
    ['endswith', 'pumpe', 'Pumpe nord', false],
    ['eq', 'pumpe nord', '  Pumpe\tNord ', true],
    ['eq', 'pumpe', 'Pumpe Nord', false],
    ['neq', 'pumpe', 'Pumpe Nord', true],
    ['neq', 'PUMPE NORD', 'pumpe nord', false],
    ['lt', 'b', 'Alpha', true],
    ['lt', 'alpha', 'ALPHA', false],
    ['lte', 'alpha', 'ALPHA', true],
    ['gt', 'a', 'Beta', true],
    ['gt', 'beta', 'Beta', false],
    ['gte', 'beta', 'BETA', true],
  ] as const)('%s %j on %j → %s', (operator, value, field, expected) => {
    expect(test(operator, value, field)).toBe(expected);
  });

  it('text operators compare a number field as its decimal text', () => {
    expect(test('contains', '2.5', 12.5)).toBe(true);
    expect(test('startswith', 1, 17)).toBe(true);
    expect(test('endswith', 7, 17)).toBe(true);
    expect(test('contains', 'true', true)).toBe(true);
  });
});

describe('empty value and missing field (screens §5)', () => {
  const operators: FilterOperator[] = [
    'contains',
    'doesnotcontain',
    'startswith',
    'endswith',
    'eq',
    'neq',
    'lt',
    'lte',
    'gt',
    'gte',
  ];

  it.each(operators)('an empty value matches everything with %s, even a missing field', (operator) => {
    for (const value of [null, '', '   ', Number.NaN]) {
      for (const field of ['x', 0, -3, true, '', null, undefined])
        expect(test(operator, value, field)).toBe(true);
    }
  });

  it.each(operators)('a missing field never matches with %s', (operator) => {
    for (const value of ['x', 0, 5, '2024-01-01']) {
      for (const field of [null, undefined, Number.NaN]) expect(test(operator, value, field)).toBe(false);
    }
  });

  it('an empty text field is present: it does not contain a value and is not equal to it', () => {
    expect(test('doesnotcontain', 'x', '')).toBe(true);
    expect(test('neq', 'x', '')).toBe(true);
    expect(test('contains', 'x', '')).toBe(false);
  });

  it('recognises empty values', () => {
    expect(isEmptyFilterValue(null)).toBe(true);
    expect(isEmptyFilterValue(' \t')).toBe(true);
    expect(isEmptyFilterValue(Number.POSITIVE_INFINITY)).toBe(true);
    expect(isEmptyFilterValue(0)).toBe(false);
    expect(isEmptyFilterValue('0')).toBe(false);
  });
});

describe('numbers and dates (compared by the value type)', () => {
  it.each([
    ['eq', 3, 3, true],
    ['eq', 3, 4, false],
    ['neq', 3, 4, true],
    ['neq', 3, 3, false],
    ['lt', 10, 9, true],
    ['lt', 10, 10, false],
    ['lte', 10, 10, true],
    ['gt', 9, 10, true],
    ['gt', 10, 10, false],
    ['gte', 10, 10, true],
    ['gte', 10, 9.99, false],
  ] as const)('%s %d on %d → %s', (operator, value, field, expected) => {
    expect(test(operator, value, field)).toBe(expected);
  });

  it('compares numerically, not as text (9 < 10)', () => {
    expect(test('lt', 10, 9)).toBe(true);
    expect(test('lt', '10', 9)).toBe(true);
  });

  it('a number value reads a text field as a number; an unreadable field only matches neq', () => {
    expect(test('eq', 5, ' 5 ')).toBe(true);
    expect(test('gt', 2, '2,5')).toBe(true);
    expect(test('eq', 5, 'fünf')).toBe(false);
    expect(test('lt', 5, 'fünf')).toBe(false);
    expect(test('neq', 5, 'fünf')).toBe(true);
    expect(test('eq', 1, true)).toBe(true);
  });

  it('a date value compares as time against a time field (ms since the epoch)', () => {
    const may1 = new Date(2024, 4, 1).getTime();
    const may1At8 = new Date(2024, 4, 1, 8, 0).getTime();
    expect(test('gte', '2024-05-01', may1At8)).toBe(true);
    expect(test('lt', '2024-05-01', may1At8)).toBe(false);
    expect(test('eq', '2024-05-01', may1)).toBe(true);
    expect(test('lt', '2024-05-01 08:00:01', may1At8)).toBe(true);
    expect(test('gt', '2024-05-01T07:59Z', Date.UTC(2024, 4, 1, 8))).toBe(true);
    expect(test('lte', may1, may1At8)).toBe(false);
  });

  it('a text value against a text field stays text, even if it looks like a number', () => {
    // Text order: '10' sorts before '9'.
    expect(test('lt', '9', '10')).toBe(true);
    expect(test('lt', 9, '10')).toBe(false);
    expect(test('eq', '3', 3)).toBe(true);
  });

  it('a text value that is no number compares with the number field as text', () => {
    expect(test('eq', 'abc', 3)).toBe(false);
    expect(test('neq', 'abc', 3)).toBe(true);
  });

  it('reads decimal literals and ISO dates, nothing else', () => {
    expect(filterTextAsNumber(' -1.5e3 ')).toBe(-1500);
    expect(filterTextAsNumber('3,25')).toBe(3.25);
    expect(filterTextAsNumber('1.000,5')).toBeNaN();
    expect(filterTextAsNumber('2024-02-30x')).toBeNaN();
    expect(filterTextAsNumber('0x10')).toBeNaN();
    expect(filterTextAsNumber('2024-01-02T03:04:05.006Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
  });
});

describe('operators', () => {
  it('refuses an unknown operator at compile time', () => {
    expect(() => compileCondition({ field: 'f', operator: 'like' as FilterOperator, value: 'x' })).toThrow(
      RangeError,
    );
  });
});
