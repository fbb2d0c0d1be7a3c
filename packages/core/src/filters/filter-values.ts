import type { FieldValue } from './filter-types.js';

// Leading or trailing whitespace, a run of it, or whitespace other than a plain space.
const NEEDS_COLLAPSE = /^\s|\s$|\s\s|[^\S ]/;

/** Text as filters compare it: whitespace runs collapsed to one space, trimmed, lower case (screens §5). */
export function normaliseFilterText(text: string): string {
  // Most texts have single spaces only: testing is cheaper than rebuilding them.
  const collapsed = NEEDS_COLLAPSE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
  return collapsed.toLowerCase();
}

const NUMBER_LITERAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A text read as a number, or NaN: a decimal literal (point or comma as decimal separator, no
 * thousands separators) or an ISO 8601 date / date-time, read as its time in ms since the epoch.
 * A date without a time means local midnight, like a date-time without a zone means local time.
 */
export function filterTextAsNumber(text: string): number {
  const trimmed = text.trim();
  if (NUMBER_LITERAL.test(trimmed)) return Number(trimmed.replace(',', '.'));
  if (!ISO_DATE.test(trimmed)) return Number.NaN;
  const iso = trimmed.length === 10 ? `${trimmed}T00:00` : trimmed.toUpperCase().replace(' ', 'T');
  return Date.parse(iso);
}

/** A field is missing when it has no value: undefined, null or NaN. Missing fields never match. */
export function isMissingField(value: FieldValue): value is null | undefined {
  return value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value));
}

/** A present field as normalised text (numbers in their shortest decimal form, booleans true/false). */
export function fieldAsText(value: string | number | boolean): string {
  return typeof value === 'string' ? normaliseFilterText(value) : String(value).toLowerCase();
}

/** A present field as a number for numeric comparison (booleans 1/0, texts via filterTextAsNumber), or NaN. */
export function fieldAsNumber(value: string | number | boolean): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return filterTextAsNumber(value);
}
