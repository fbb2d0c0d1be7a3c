/**
 * A row filter that remembers its last result. A live change replaces only the rows it touches
 * (the others keep their identity) and adds new rows on top, so when the rows grew the new list is
 * walked beside the previous one and its result: unchanged rows cost one comparison and only the
 * new and changed rows are asked. When rows were dropped, all rows are asked again.
 */
export function cachedFilter<Row extends object>(
  matches: (row: Row) => boolean,
): (rows: readonly Row[]) => readonly Row[] {
  let last: { rows: readonly Row[]; shown: readonly Row[] } | null = null;
  return (rows) => {
    const shown =
      last === null || last.rows.length > rows.length
        ? rows.filter(matches)
        : besidePrevious(last.rows, last.shown, rows, matches);
    last = { rows, shown };
    return shown;
  };
}

/**
 * The rows that pass, given the previous rows and those of them that passed (in order). The new
 * rows are read as the added ones on top followed by the previous ones, each kept or replaced;
 * any other arrangement is still right, it only asks the filter about more rows.
 */
function besidePrevious<Row>(
  previous: readonly Row[],
  passed: readonly Row[],
  rows: readonly Row[],
  verdict: (row: Row) => boolean,
): readonly Row[] {
  if (previous === rows) return passed;
  const added = rows.length - previous.length;
  const shown: Row[] = [];
  for (let i = 0; i < added; i++) if (verdict(rows[i] as Row)) shown.push(rows[i] as Row);
  let next = 0;
  for (let i = 0; i < previous.length; i++) {
    const before = previous[i] as Row;
    const now = rows[added + i] as Row;
    const passedBefore = passed[next] === before;
    if (passedBefore) next++;
    if (now === before ? passedBefore : verdict(now)) shown.push(now);
  }
  return shown;
}
