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
  const cells = readCells(rows, column);
  const desc = sort.direction === 'desc';
  // The archive's rows come in time order (newest first): sorting by time needs no ranks then.
  if (cells.numberCount === rows.length) {
    const presorted = orderOfMonotoneNumbers(rows, cells.numbers, desc);
    if (presorted) return presorted;
  }
  const numbers = distinctNumbers(cells);
  const textRank = rankTexts(cells.texts, locale);
  // Every cell gets a rank (numbers, then texts, each in their order); empty cells rank after all.
  const ranked = numbers.length + cells.texts.length;
  const { kinds, textIds } = cells;
  const ranks = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const kind = kinds[i];
    let rank = ranked;
    if (kind === NUMBER) rank = lowerBound(numbers, cells.numbers[i] as number);
    else if (kind === TEXT) rank = numbers.length + (textRank[textIds[i] as number] as number);
    if (desc && rank < ranked) rank = ranked - 1 - rank;
    ranks[i] = rank;
  }
  return countingSort(rows, ranks, ranked + 1);
}

const NUMBER = 0;
const TEXT = 1;
const EMPTY = 2;

/** The cells of a column, read once: what kind each is, numbers and the ids of distinct texts. */
interface Cells {
  /** NUMBER, TEXT or EMPTY (null, NaN) per row. */
  kinds: Uint8Array;
  /** The number of each NUMBER cell (typed: no boxed number per row, e.g. for times in ms). */
  numbers: Float64Array;
  numberCount: number;
  /** The index in `texts` of each TEXT cell: one map lookup per row, not a compare per pair. */
  textIds: Int32Array;
  texts: string[];
}

function readCells<Row>(rows: readonly Row[], column: DataListColumn<Row>): Cells {
  const n = rows.length;
  const cells: Cells = {
    kinds: new Uint8Array(n),
    numbers: new Float64Array(n),
    numberCount: 0,
    textIds: new Int32Array(n),
    texts: [],
  };
  const textId = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const value: SortValue = column.value(rows[i] as Row);
    if (typeof value === 'number' && !Number.isNaN(value)) {
      cells.kinds[i] = NUMBER;
      cells.numbers[i] = value;
      cells.numberCount++;
    } else if (typeof value === 'string') {
      let id = textId.get(value);
      if (id === undefined) {
        id = cells.texts.length;
        cells.texts.push(value);
        textId.set(value, id);
      }
      cells.kinds[i] = TEXT;
      cells.textIds[i] = id;
    } else {
      cells.kinds[i] = EMPTY;
    }
  }
  return cells;
}

/**
 * The rows in the order asked for when the numbers already run one way (rising or falling, equal
 * numbers in a row allowed), else null. One pass that gives up at the first number breaking both
 * ways, so a column in no order loses next to nothing.
 */
function orderOfMonotoneNumbers<Row>(
  rows: readonly Row[],
  numbers: Float64Array,
  desc: boolean,
): Row[] | null {
  let rising = true;
  let falling = true;
  for (let i = 1; i < rows.length; i++) {
    const value = numbers[i] as number;
    const previous = numbers[i - 1] as number;
    if (value < previous) rising = false;
    else if (value > previous) falling = false;
    if (!rising && !falling) return null;
  }
  if (desc ? falling : rising) return rows.slice();
  return reverseKeepingTies(rows, numbers);
}

/** The rows from last to first, but rows with equal numbers keep their order (a stable sort's). */
function reverseKeepingTies<Row>(rows: readonly Row[], numbers: Float64Array): Row[] {
  const reversed = new Array<Row>(rows.length);
  let next = 0;
  let end = rows.length;
  while (end > 0) {
    let start = end - 1;
    // === takes -0 and 0 as one number, as the ranks do.
    while (start > 0 && numbers[start - 1] === numbers[end - 1]) start--;
    for (let i = start; i < end; i++) reversed[next++] = rows[i] as Row;
    end = start;
  }
  return reversed;
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

/** The distinct numbers among the cells, ascending. */
function distinctNumbers({ kinds, numbers, numberCount }: Cells): Float64Array {
  let sorted: Float64Array;
  if (numberCount === kinds.length) sorted = numbers.slice();
  else {
    sorted = new Float64Array(numberCount);
    let next = 0;
    for (let i = 0; i < kinds.length; i++) if (kinds[i] === NUMBER) sorted[next++] = numbers[i] as number;
  }
  sorted.sort();
  let distinct = 0;
  for (let i = 0; i < numberCount; i++) {
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
