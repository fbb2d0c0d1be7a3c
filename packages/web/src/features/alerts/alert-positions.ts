import type { Alert } from '@leitwarte/core';

/**
 * Where each alert of the list is, counted from the end: new alerts only ever go on top and
 * changed ones are replaced in place, so these positions stay right without a walk over the list.
 * Only dropping alerts shifts them; then they are counted again.
 */
export class AlertPositions {
  private fromEnd = new Map<number, number>();

  /** Counts every row (after a load or after rows were dropped). */
  reset(rows: readonly Alert[]): void {
    this.fromEnd = new Map();
    for (let i = 0; i < rows.length; i++) this.fromEnd.set((rows[i] as Alert).id, rows.length - 1 - i);
  }

  /** Adds the `count` rows on top of `rows` (the rows after they were added). */
  addTop(rows: readonly Alert[], count: number): void {
    for (let i = 0; i < count; i++) this.fromEnd.set((rows[i] as Alert).id, rows.length - 1 - i);
  }

  /** The index of the alert in `rows` (the rows these positions follow), or undefined. */
  indexIn(rows: readonly Alert[], id: number): number | undefined {
    const fromEnd = this.fromEnd.get(id);
    if (fromEnd === undefined) return undefined;
    const index = rows.length - 1 - fromEnd;
    return rows[index]?.id === id ? index : undefined;
  }
}
