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
  const numbers = distinctNumbers(values);
  // Every cell gets a rank (numbers, then texts, each in their order); empty cells rank after all.
  const ranked = numbers.length + ranks.size;
  const n = rows.length;
  const desc = sort.direction === 'desc';
  // One number per row, rank * n + position, sorted natively: ties keep the rows' order, and no
  // comparison function runs a hundred thousand times. Safe while n * n stays below 2^53.
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const value = values[i];
    let rank = ranked;
    if (typeof value === 'number' && !Number.isNaN(value)) rank = lowerBound(numbers, value);
    else if (typeof value === 'string') rank = numbers.length + (ranks.get(value) ?? 0);
    if (desc && rank < ranked) rank = ranked - 1 - rank;
    packed[i] = rank * n + i;
  }
  packed.sort();
  return Array.from(packed, (key) => rows[key % n] as Row);
}

/** The distinct numbers (not NaN) among the values, ascending. */
function distinctNumbers(values: readonly SortValue[]): Float64Array {
  const all = new Float64Array(values.length);
  let count = 0;
  for (const value of values) if (typeof value === 'number' && !Number.isNaN(value)) all[count++] = value;
  const sorted = all.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) {
    // -0 and 0 are one value, as the comparison of the cells has it.
    if (distinct === 0 || (sorted[i] as number) !== (sorted[distinct - 1] as number)) {
      sorted[distinct++] = sorted[i] as number;
    }
  }
  return sorted.subarray(0, distinct);
}

/** The index of `value` in the ascending, distinct `sorted`. */
function lowerBound(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
