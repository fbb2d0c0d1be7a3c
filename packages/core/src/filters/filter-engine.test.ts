import { describe, expect, it } from 'vitest';
import { compileFilter, matchesFilter } from './filter-engine.js';
import type { FieldValue, FilterGroup } from './filter-types.js';

type Row = Record<string, FieldValue>;
const alert: Row = { text: 'Störung Pumpe 3', station: 'Nord', priority: 2, comes: 1_700_000_000_000 };
const get = (row: Row) => (field: string) => row[field];

describe('filter groups (screens §5: and/or, nested, empty group matches)', () => {
  it('an empty group matches, with and as with or', () => {
    expect(matchesFilter({ logic: 'and', filters: [] }, get(alert))).toBe(true);
    expect(matchesFilter({ logic: 'or', filters: [] }, get(alert))).toBe(true);
    expect(matchesFilter({ logic: 'or', filters: [] }, () => undefined)).toBe(true);
  });

  it('and needs every condition, or any', () => {
    const filters: FilterGroup['filters'] = [
      { field: 'text', operator: 'contains', value: 'pumpe' },
      { field: 'priority', operator: 'gt', value: 5 },
    ];
    expect(matchesFilter({ logic: 'and', filters }, get(alert))).toBe(false);
    expect(matchesFilter({ logic: 'or', filters }, get(alert))).toBe(true);
  });

  it('nests groups: station Nord and (priority ≤ 2 or text contains "leck")', () => {
    const group: FilterGroup = {
      logic: 'and',
      filters: [
        { field: 'station', operator: 'eq', value: 'nord' },
        {
          logic: 'or',
          filters: [
            { field: 'priority', operator: 'lte', value: 2 },
            { field: 'text', operator: 'contains', value: 'leck' },
          ],
        },
      ],
    };
    expect(matchesFilter(group, get(alert))).toBe(true);
    expect(matchesFilter(group, get({ ...alert, priority: 7 }))).toBe(false);
    expect(matchesFilter(group, get({ ...alert, priority: 7, text: 'Leckage' }))).toBe(true);
    expect(matchesFilter(group, get({ ...alert, station: 'Süd' }))).toBe(false);
  });

  it('an empty nested group matches inside and and or', () => {
    const never = { field: 'priority', operator: 'gt', value: 100 } as const;
    expect(matchesFilter({ logic: 'or', filters: [never, { logic: 'and', filters: [] }] }, get(alert))).toBe(
      true,
    );
    expect(matchesFilter({ logic: 'and', filters: [never, { logic: 'or', filters: [] }] }, get(alert))).toBe(
      false,
    );
  });

  it('a field the row lacks never matches', () => {
    expect(
      matchesFilter({ logic: 'and', filters: [{ field: 'x', operator: 'neq', value: 'a' }] }, get(alert)),
    ).toBe(false);
  });
});

describe('compileFilter', () => {
  const fields = {
    text: (row: Row) => row.text,
    priority: (row: Row) => row.priority,
  };

  it('filters many rows with the readers given; a field without reader is missing', () => {
    const rows: Row[] = [1, 2, 3, 4].map((priority) => ({ text: `Alarm ${priority}`, priority }));
    const match = compileFilter<Row>(
      { logic: 'and', filters: [{ field: 'priority', operator: 'gte', value: 3 }] },
      fields,
    );
    expect(rows.filter(match).map((row) => row.priority)).toEqual([3, 4]);
    const unknown = compileFilter<Row>(
      { logic: 'or', filters: [{ field: 'station', operator: 'contains', value: 'a' }] },
      fields,
    );
    expect(rows.filter(unknown)).toEqual([]);
  });

  it('does not read inherited properties of the readers as fields', () => {
    const match = compileFilter<Row>(
      { logic: 'and', filters: [{ field: 'toString', operator: 'neq', value: 'x' }] },
      fields,
    );
    expect(match({ text: 'a' })).toBe(false);
  });
});
