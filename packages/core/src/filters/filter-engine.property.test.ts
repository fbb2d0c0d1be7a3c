import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmptyFilterValue } from './filter-condition.js';
import { compileFilter, matchesFilter } from './filter-engine.js';
import { FILTER_OPERATORS, type FieldValue, type FilterCondition, type FilterGroup } from './filter-types.js';
import { filterTextAsNumber, isMissingField, normaliseFilterText } from './filter-values.js';

// Properties of the filter engine (screens §5) over random rows and random nested groups.
type Row = Record<string, FieldValue>;
const FIELDS = ['a', 'b', 'c'] as const;

const text = fc.oneof(
  fc.constantFrom('', ' ', 'Pumpe', 'PUMPE  nord', 'nord', '10', '9', '2024-05-01', 'ä Ö', '\tx\n'),
  fc.string({ maxLength: 6 }),
);
const fieldValue: fc.Arbitrary<FieldValue> = fc.oneof(
  text,
  fc.integer({ min: -20, max: 20 }),
  fc.double({ noDefaultInfinity: true }),
  fc.boolean(),
  fc.constantFrom(null, undefined),
);
const row: fc.Arbitrary<Row> = fc.record(
  { a: fieldValue, b: fieldValue, c: fieldValue },
  { requiredKeys: [] },
);
const condition: fc.Arbitrary<FilterCondition> = fc.record({
  field: fc.constantFrom(...FIELDS, 'missing'),
  operator: fc.constantFrom(...FILTER_OPERATORS),
  value: fc.oneof(text, fc.integer({ min: -20, max: 20 }), fc.constant(null)),
});
const { group } = fc.letrec<{ group: FilterGroup; entry: FilterCondition | FilterGroup }>((tie) => ({
  group: fc.record({
    logic: fc.constantFrom('and' as const, 'or' as const),
    filters: fc.array(tie('entry'), { maxLength: 4 }),
  }),
  entry: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('group')),
}));

const readers = { a: (r: Row) => r.a, b: (r: Row) => r.b, c: (r: Row) => r.c };
const match = (g: FilterGroup, r: Row) =>
  matchesFilter(g, (field) => (Object.hasOwn(r, field) ? r[field] : undefined));

describe('filter engine properties', () => {
  it('compileFilter gives the same result as matchesFilter', () => {
    fc.assert(
      fc.property(group, fc.array(row, { maxLength: 8 }), (g, rows) => {
        const compiled = compileFilter(g, readers);
        for (const r of rows) expect(compiled(r)).toBe(match(g, r));
      }),
    );
  });

  it('an empty group matches every row', () => {
    fc.assert(
      fc.property(fc.constantFrom('and' as const, 'or' as const), row, (logic, r) => {
        expect(match({ logic, filters: [] }, r)).toBe(true);
      }),
    );
  });

  it('and of two entries is the conjunction, or the disjunction; a one-entry group is its entry', () => {
    fc.assert(
      fc.property(group, group, row, (g1, g2, r) => {
        expect(match({ logic: 'and', filters: [g1, g2] }, r)).toBe(match(g1, r) && match(g2, r));
        expect(match({ logic: 'or', filters: [g1, g2] }, r)).toBe(match(g1, r) || match(g2, r));
        expect(match({ logic: 'or', filters: [g1] }, r)).toBe(match(g1, r));
      }),
    );
  });

  it('order of entries does not matter; and/or distribute', () => {
    fc.assert(
      fc.property(group, group, group, row, (x, y, z, r) => {
        for (const logic of ['and', 'or'] as const) {
          expect(match({ logic, filters: [x, y, z] }, r)).toBe(match({ logic, filters: [z, x, y] }, r));
        }
        const distributed = {
          logic: 'or' as const,
          filters: [
            { logic: 'and' as const, filters: [x, y] },
            { logic: 'and' as const, filters: [x, z] },
          ],
        };
        expect(match({ logic: 'and', filters: [x, { logic: 'or', filters: [y, z] }] }, r)).toBe(
          match(distributed, r),
        );
      }),
    );
  });

  it('neq negates eq and doesnotcontain negates contains for present fields; an empty value matches all', () => {
    fc.assert(
      fc.property(condition, row, (c, r) => {
        const field = Object.hasOwn(r, c.field) ? r[c.field] : undefined;
        const single = (operator: FilterCondition['operator']) =>
          match({ logic: 'and', filters: [{ ...c, operator }] }, r);
        if (isEmptyFilterValue(c.value)) {
          for (const operator of FILTER_OPERATORS) expect(single(operator)).toBe(true);
        } else if (isMissingField(field)) {
          for (const operator of FILTER_OPERATORS) expect(single(operator)).toBe(false);
        } else {
          expect(single('neq')).toBe(!single('eq'));
          expect(single('doesnotcontain')).toBe(!single('contains'));
        }
      }),
    );
  });

  it('normalises text like collapsing every whitespace run, trimming and lower-casing', () => {
    const spaced = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '\t', '\n', '\u00a0', '\u2003', 'ß', 'Ä'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(spaced, (value) => {
        expect(normaliseFilterText(value)).toBe(value.replace(/\s+/g, ' ').trim().toLowerCase());
      }),
    );
  });

  it('text matching ignores case and whitespace of the field', () => {
    fc.assert(
      fc.property(condition, fc.string({ maxLength: 8 }), (c, value) => {
        const original = match({ logic: 'and', filters: [c] }, { [c.field]: value });
        const varied = `  ${value.toUpperCase().replace(/ /g, ' \t ')} `;
        if (
          Number.isNaN(filterTextAsNumber(value)) &&
          value.toUpperCase().toLowerCase() === value.toLowerCase()
        ) {
          expect(match({ logic: 'and', filters: [c] }, { [c.field]: varied })).toBe(original);
        }
      }),
    );
  });
});
