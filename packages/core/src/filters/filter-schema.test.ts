import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { FILTER_GROUP_MAX_ITEMS, FilterGroupSchema, type FilterGroupData } from './filter-schema.js';
import type { FilterGroup } from './filter-types.js';

describe('FilterGroup schema (a filter can be stored or sent)', () => {
  const nested: FilterGroup = {
    logic: 'and',
    filters: [
      { field: 'text', operator: 'contains', value: 'pumpe' },
      {
        logic: 'or',
        filters: [
          { field: 'priority', operator: 'lte', value: 2 },
          { field: 'comes', operator: 'gte', value: null },
          { logic: 'and', filters: [] },
        ],
      },
    ],
  };

  it('accepts nested groups, every operator and null, text and number values', () => {
    expect(Value.Check(FilterGroupSchema, nested)).toBe(true);
    const asData: FilterGroupData = nested;
    const back: FilterGroup = asData;
    expect(back).toBe(nested);
  });

  it.each([
    ['an unknown operator', { logic: 'and', filters: [{ field: 'x', operator: 'like', value: 'a' }] }],
    ['an unknown logic', { logic: 'xor', filters: [] }],
    ['a boolean value', { logic: 'and', filters: [{ field: 'x', operator: 'eq', value: true }] }],
    ['an empty field name', { logic: 'and', filters: [{ field: '', operator: 'eq', value: 'a' }] }],
    ['extra properties', { logic: 'and', filters: [], sql: 'drop' }],
    ['a bad nested group', { logic: 'and', filters: [{ logic: 'or', filters: [{ field: 'x' }] }] }],
    [
      'too many entries',
      {
        logic: 'or',
        filters: Array.from({ length: FILTER_GROUP_MAX_ITEMS + 1 }, () => ({ logic: 'and', filters: [] })),
      },
    ],
  ])('refuses %s', (_what, value) => {
    expect(Value.Check(FilterGroupSchema, value)).toBe(false);
  });
});
