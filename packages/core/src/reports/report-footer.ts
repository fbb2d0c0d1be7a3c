/** The footer rows of a printed report, in the order utilities print them. */
export const REPORT_FOOTER_KINDS = ['sum', 'mean', 'min', 'max'] as const;
/** One footer row. */
export type ReportFooterKind = (typeof REPORT_FOOTER_KINDS)[number];

/** Sum, mean, min and max of one column's values; empty cells are left out, all null when none. */
export function reportFooter(values: readonly (number | null)[]): Record<ReportFooterKind, number | null> {
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    count += 1;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (count === 0) return { sum: null, mean: null, min: null, max: null };
  return { sum, mean: sum / count, min, max };
}

/** The annotation flag that lists an annotation under a report of a kind (screens §3); none for the others. */
export function annotationFlagOf(
  kind: string,
): 'showInDayReport' | 'showInWeekReport' | 'showInMonthReport' | 'showInYearReport' | null {
  switch (kind) {
    case 'day':
      return 'showInDayReport';
    case 'week':
      return 'showInWeekReport';
    case 'month':
      return 'showInMonthReport';
    case 'year':
      return 'showInYearReport';
    default:
      return null;
  }
}
