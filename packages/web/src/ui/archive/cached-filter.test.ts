import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedFilter } from './cached-filter';

interface Item {
  id: number;
  text: string;
}

const item = fc.record({ id: fc.integer({ min: 0, max: 50 }), text: fc.string({ maxLength: 4 }) });

describe('cachedFilter', () => {
  it('gives the rows a full filter gives, across a series of live changes', () => {
    fc.assert(
      fc.property(
        fc.array(item, { maxLength: 30 }),
        fc.array(
          fc.record({
            added: fc.array(item, { maxLength: 4 }),
            replace: fc.array(fc.tuple(fc.nat(), item), { maxLength: 4 }),
            drop: fc.array(fc.nat(), { maxLength: 3 }),
          }),
          { maxLength: 6 },
        ),
        fc.string({ maxLength: 1 }),
        (start, changes, needle) => {
          const matches = (row: Item) => row.text.includes(needle) || row.id % 3 === 0;
          const filter = cachedFilter(matches);
          let rows: Item[] = start;
          expect(filter(rows)).toEqual(rows.filter(matches));
          for (const change of changes) {
            // As the live list changes: new rows on top, some replaced in place, some dropped.
            rows = [...change.added, ...rows];
            for (const [at, next] of change.replace) if (rows.length > 0) rows[at % rows.length] = next;
            const dropped = new Set(change.drop.map((at) => rows[at % Math.max(1, rows.length)]));
            rows = rows.filter((row) => !dropped.has(row));
            const shown = filter(rows);
            expect(shown).toEqual(rows.filter(matches));
            shown.forEach((row) => expect(rows).toContain(row));
          }
        },
      ),
    );
  });

  it('asks the filter only about rows it has not seen', () => {
    let asked = 0;
    const filter = cachedFilter((row: Item) => {
      asked++;
      return row.id > 1;
    });
    const rows = [1, 2, 3].map((id) => ({ id, text: '' }));
    filter(rows);
    const fresh = { id: 4, text: '' };
    expect(filter([fresh, ...rows])).toEqual([fresh, rows[1], rows[2]]);
    expect(asked).toBe(4);
  });
});
