import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_v, i) => from + i);

describe('RowSlots', () => {
  it('gives distinct slots 0 … n-1 in the order of the keys at first', () => {
    expect(new RowSlots().assign(['a', 'b', 'c'])).toEqual([0, 1, 2]);
  });

  it('keeps the slots of rows that stay; rows coming into view take the slots of rows that left', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 10));
    const next = slots.assign(range(3, 13));
    // Rows 3–9 keep slots 3–9; rows 10–12 take the slots of 0–2.
    expect(next).toEqual([3, 4, 5, 6, 7, 8, 9, 0, 1, 2]);
  });

  it('moves no row when one is added on top: only the new row takes the slot of the row pushed out', () => {
    const slots = new RowSlots();
    slots.assign([10, 9, 8, 7]);
    expect(slots.assign([11, 10, 9, 8])).toEqual([3, 0, 1, 2]);
  });

  it('stays within the rows rendered when fewer are rendered, every slot used once', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 10));
    const next = slots.assign([8, 9, 100]);
    expect([...next].sort()).toEqual([0, 1, 2]);
    for (let from = 0; from < 50; from += 7) {
      const assigned = slots.assign(range(from, from + 10));
      expect([...assigned].sort((a, b) => a - b)).toEqual(range(0, 10));
    }
  });
});
