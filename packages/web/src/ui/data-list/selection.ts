import type { RowKey } from './types';

/** The selection with one key toggled. */
export function toggleKey(selected: ReadonlySet<RowKey>, key: RowKey): Set<RowKey> {
  const next = new Set(selected);
  if (!next.delete(key)) next.add(key);
  return next;
}

/** The selection plus the keys of rows[from..to] (either order). */
export function withRange<Row>(
  selected: ReadonlySet<RowKey>,
  rows: readonly Row[],
  rowKey: (row: Row) => RowKey,
  from: number,
  to: number,
): Set<RowKey> {
  const next = new Set(selected);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) next.add(rowKey(rows[i] as Row));
  return next;
}

/** How many of the rows are selected: all, some or none (for the select-all box). */
export function selectionState<Row>(
  selected: ReadonlySet<RowKey>,
  rows: readonly Row[],
  rowKey: (row: Row) => RowKey,
): 'all' | 'some' | 'none' {
  if (selected.size === 0 || rows.length === 0) return 'none';
  let count = 0;
  for (const row of rows) if (selected.has(rowKey(row))) count++;
  return count === 0 ? 'none' : count === rows.length ? 'all' : 'some';
}

/**
 * Select-all of the rows shown (the filtered ones): selects them all, or, when all are selected
 * already, deselects them. Keys of rows not shown are left as they are.
 */
export function toggleAll<Row>(
  selected: ReadonlySet<RowKey>,
  rows: readonly Row[],
  rowKey: (row: Row) => RowKey,
): Set<RowKey> {
  const next = new Set(selected);
  if (selectionState(selected, rows, rowKey) === 'all') for (const row of rows) next.delete(rowKey(row));
  else for (const row of rows) next.add(rowKey(row));
  return next;
}
