import type { DataListColumn, DataListSort } from './types';

type SortValue = string | number | null;

const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string | undefined): Intl.Collator {
  const key = locale ?? '';
  let collator = collators.get(key);
  if (!collator) {
    // numeric: "Pumpe 2" before "Pumpe 10", as an operator reads it.
    collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(key, collator);
  }
  return collator;
}

/** Ranks the distinct texts once, so sorting many rows compares numbers, not texts. */
function textRanks(values: readonly SortValue[], locale: string | undefined): Map<string, number> {
  const distinct = [...new Set(values.filter((v): v is string => typeof v === 'string'))];
  distinct.sort(collatorFor(locale).compare);
  return new Map(distinct.map((text, rank) => [text, rank]));
}

/**
 * Rows in the order of a column (stable: equal values keep their order). Numbers sort
 * numerically, texts with the collator of the user's language (numeric-aware), numbers before
 * texts; empty cells (null, NaN) always come last, ascending or descending. No sort, or an unknown
 * column, keeps the rows' order.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly DataListColumn<Row>[],
  sort: DataListSort | undefined,
  locale?: string,
): Row[] {
  const column = sort ? columns.find((c) => c.id === sort.columnId) : undefined;
  if (!sort || !column) return rows.slice();
  const values = rows.map((row) => column.value(row));
  const ranks = textRanks(values, locale);
  // Class 0 numbers, 1 texts, 2 empty; within a class a number to compare.
  const classes = new Uint8Array(rows.length);
  const keys = new Float64Array(rows.length);
  values.forEach((value, i) => {
    if (typeof value === 'number' && !Number.isNaN(value)) keys[i] = value;
    else if (typeof value === 'string') [classes[i], keys[i]] = [1, ranks.get(value) ?? 0];
    else classes[i] = 2;
  });
  const sign = sort.direction === 'desc' ? -1 : 1;
  const order = Array.from(rows, (_row, i) => i);
  order.sort((a, b) => {
    const ca = classes[a] as number;
    const cb = classes[b] as number;
    if (ca === 2 || cb === 2) return ca === cb ? a - b : ca === 2 ? 1 : -1;
    const by = ca !== cb ? ca - cb : (keys[a] as number) - (keys[b] as number);
    return by !== 0 ? by * sign : a - b;
  });
  return order.map((i) => rows[i] as Row);
}
