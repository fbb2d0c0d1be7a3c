import type { RowKey } from './types';

/**
 * Gives each rendered row a slot, the React key of its element. A row keeps its slot while it
 * stays rendered; rows coming into view take the slots of rows that left it. So scrolling by a
 * few rows changes only those rows' elements, a new row on top only moves the others, and a long
 * jump changes the texts of elements already there: no row element is created, moved or removed
 * while the number of rendered rows stays the same.
 */
export class RowSlots {
  private byKey = new Map<RowKey, number>();

  /** The slot of each key, in the order given (keys are distinct; slots are 0 … keys.length - 1). */
  assign(keys: readonly RowKey[]): number[] {
    const slots = new Array<number>(keys.length);
    const taken = new Array<boolean>(keys.length).fill(false);
    keys.forEach((key, i) => {
      const slot = this.byKey.get(key);
      if (slot !== undefined && slot < keys.length && !taken[slot]) {
        slots[i] = slot;
        taken[slot] = true;
      }
    });
    let free = 0;
    const next = new Map<RowKey, number>();
    keys.forEach((key, i) => {
      if (slots[i] === undefined) {
        while (taken[free]) free++;
        slots[i] = free;
        taken[free] = true;
      }
      next.set(key, slots[i] as number);
    });
    this.byKey = next;
    return slots;
  }
}
