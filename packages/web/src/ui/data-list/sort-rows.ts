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
  const n = rows.length;
  const values = rows.map((row) => column.value(row));
  const numbers = distinctNumbers(values);
  // The distinct texts, each looked up once per row (one map lookup, not a compare per pair).
  const textIds = new Int32Array(n);
  const texts: string[] = [];
  const textId = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const value = values[i];
    if (typeof value !== 'string') continue;
    let id = textId.get(value);
    if (id === undefined) {
      id = texts.length;
      texts.push(value);
      textId.set(value, id);
    }
    textIds[i] = id;
  }
  const textRank = rankTexts(texts, locale);
  // Every cell gets a rank (numbers, then texts, each in their order); empty cells rank after all.
  const ranked = numbers.length + texts.length;
  const desc = sort.direction === 'desc';
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const value = values[i];
    let rank = ranked;
    if (typeof value === 'number' && !Number.isNaN(value)) rank = lowerBound(numbers, value);
    else if (typeof value === 'string') rank = numbers.length + (textRank[textIds[i] as number] as number);
    if (desc && rank < ranked) rank = ranked - 1 - rank;
    ranks[i] = rank;
  }
  return countingSort(rows, ranks, ranked + 1);
}

/** The rank of each text (by its index in `texts`) in the collator's order. */
function rankTexts(texts: readonly string[], locale: string | undefined): Int32Array {
  const compare = collatorFor(locale).compare;
  const order = texts.map((_text, id) => id).sort((a, b) => compare(texts[a] as string, texts[b] as string));
  const rank = new Int32Array(texts.length);
  order.forEach((id, position) => (rank[id] = position));
  return rank;
}

/**
 * The rows ordered by their ranks (0 … size - 1), stable: a counting sort, linear in the rows and
 * ranks, so 100,000 rows need no comparison function at all.
 */
function countingSort<Row>(rows: readonly Row[], ranks: Int32Array, size: number): Row[] {
  const starts = new Int32Array(size + 1);
  for (const rank of ranks) (starts[rank + 1] as number)++;
  for (let r = 1; r <= size; r++) starts[r] = (starts[r] as number) + (starts[r - 1] as number);
  const sorted = new Array<Row>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const rank = ranks[i] as number;
    sorted[(starts[rank] as number)++] = rows[i] as Row;
  }
  return sorted;
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
