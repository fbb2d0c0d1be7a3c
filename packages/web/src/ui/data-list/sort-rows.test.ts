import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows';
import type { DataListColumn } from './types';

interface Row {
  id: number;
  text: string | null;
  priority: number | null;
}
const columns: DataListColumn<Row>[] = [
  { id: 'text', label: 'Text', value: (r) => r.text, sortable: true },
  { id: 'priority', label: 'Priorität', value: (r) => r.priority, sortable: true },
];
const rows: Row[] = [
  { id: 1, text: 'Pumpe 10', priority: 2 },
  { id: 2, text: 'pumpe 2', priority: 10 },
  { id: 3, text: null, priority: null },
  { id: 4, text: 'Ärger', priority: 2 },
  { id: 5, text: 'Zulauf', priority: 9 },
  { id: 6, text: 'Abfluss', priority: 2 },
];
const ids = (sorted: Row[]) => sorted.map((r) => r.id);

describe('sortRows', () => {
  it('keeps the order without a sort or with an unknown column, and returns a new array', () => {
    expect(ids(sortRows(rows, columns, null))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ids(sortRows(rows, columns, { columnId: 'nope', direction: 'asc' }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sortRows(rows, columns, null)).not.toBe(rows);
  });

  it('sorts numbers numerically and stably; empty cells last in both directions', () => {
    expect(ids(sortRows(rows, columns, { columnId: 'priority', direction: 'asc' }))).toEqual([
      1, 4, 6, 5, 2, 3,
    ]);
    expect(ids(sortRows(rows, columns, { columnId: 'priority', direction: 'desc' }))).toEqual([
      2, 5, 1, 4, 6, 3,
    ]);
  });

  it('sorts text with the language collator: case-insensitive, umlauts in place, numbers in text by value', () => {
    expect(ids(sortRows(rows, columns, { columnId: 'text', direction: 'asc' }, 'de'))).toEqual([
      6, 4, 2, 1, 5, 3,
    ]);
    expect(ids(sortRows(rows, columns, { columnId: 'text', direction: 'desc' }, 'de'))).toEqual([
      5, 1, 2, 4, 6, 3,
    ]);
  });

  it('follows the language: Czech sorts ch after h', () => {
    const words = ['chata', 'hora', 'cesta'].map((text, id) => ({ id, text, priority: 0 }));
    const sortedBy = (locale: string) =>
      sortRows(words, columns, { columnId: 'text', direction: 'asc' }, locale).map((r) => r.text);
    expect(sortedBy('cs')).toEqual(['cesta', 'hora', 'chata']);
    expect(sortedBy('en')).toEqual(['cesta', 'chata', 'hora']);
  });

  it('puts numbers before texts in a mixed column and keeps equal texts in their order', () => {
    const mixed: DataListColumn<Row>[] = [{ id: 'm', label: 'M', value: (r) => (r.id % 2 ? r.id : 'x') }];
    expect(ids(sortRows(rows, mixed, { columnId: 'm', direction: 'asc' }))).toEqual([1, 3, 5, 2, 4, 6]);
  });
});

/** The order the list promises, written as a plain stable comparison. */
function referenceSort(values: readonly (string | number | null)[], direction: 'asc' | 'desc'): number[] {
  const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });
  const distinct = [...new Set(values.filter((v): v is string => typeof v === 'string'))].sort(
    collator.compare,
  );
  const klass = (v: string | number | null) =>
    typeof v === 'number' && !Number.isNaN(v) ? 0 : typeof v === 'string' ? 1 : 2;
  const key = (v: string | number | null) => (typeof v === 'string' ? distinct.indexOf(v) : (v as number));
  const sign = direction === 'desc' ? -1 : 1;
  return values
    .map((_v, i) => i)
    .sort((a, b) => {
      const [va, vb] = [values[a] as string | number | null, values[b] as string | number | null];
      const [ca, cb] = [klass(va), klass(vb)];
      if (ca === 2 || cb === 2) return ca === cb ? a - b : ca === 2 ? 1 : -1;
      const by = ca !== cb ? ca - cb : key(va) - key(vb);
      return by !== 0 ? by * sign : a - b;
    });
}

describe('sortRows against a plain comparison', () => {
  it('gives the same order for numbers already in order either way, ties and -0 included', () => {
    const value = fc.constantFrom(-2, -0, 0, 1, 1.5, 3, Infinity, -Infinity);
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 40 }),
        fc.boolean(),
        fc.constantFrom('asc', 'desc'),
        (unordered, falling, direction) => {
          const values = [...unordered].sort((a, b) => (falling ? b - a : a - b));
          const cells = values.map((v, id) => ({ id, v }));
          const sorted = sortRows(
            cells,
            [{ id: 'v', label: 'V', value: (c) => c.v }],
            { columnId: 'v', direction: direction as 'asc' | 'desc' },
            'de',
          );
          expect(sorted.map((c) => c.id)).toEqual(referenceSort(values, direction as 'asc' | 'desc'));
        },
      ),
    );
  });

  it('gives the same order for any mix of numbers, texts and empty cells', () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(0, -0, 1.5, Infinity, -Infinity, NaN),
      fc.constantFrom('Pumpe 2', 'pumpe 10', 'Ärger', 'a', 'A', ''),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), fc.constantFrom('asc', 'desc'), (values, direction) => {
        const cells = values.map((v, id) => ({ id, v }));
        const sorted = sortRows(
          cells,
          [{ id: 'v', label: 'V', value: (c) => c.v }],
          {
            columnId: 'v',
            direction: direction as 'asc' | 'desc',
          },
          'de',
        );
        expect(sorted.map((c) => c.id)).toEqual(referenceSort(values, direction as 'asc' | 'desc'));
      }),
    );
  });
});
