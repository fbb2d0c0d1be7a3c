import { compileCondition } from './filter-condition.js';
import { isFilterGroup, type FieldValue, type FilterGroup } from './filter-types.js';

type Predicate<R> = (row: R) => boolean;

/** Builds a group's predicate once; `read` says how a condition reads its field from a row. */
function buildGroup<R>(group: FilterGroup, read: (field: string) => (row: R) => FieldValue): Predicate<R> {
  const parts: Predicate<R>[] = group.filters.map((entry) => {
    if (isFilterGroup(entry)) return buildGroup(entry, read);
    const test = compileCondition(entry);
    const get = read(entry.field);
    return (row) => test(get(row));
  });
  // An empty group matches, whether and or or (screens §5).
  if (parts.length === 0) return () => true;
  if (parts.length === 1) return parts[0] as Predicate<R>;
  if (group.logic === 'or') return (row) => parts.some((part) => part(row));
  return (row) => parts.every((part) => part(row));
}

/**
 * Whether a row matches a filter group (screens §5); `get` reads a field of the row (undefined when
 * the row has no such field). See compileCondition for how values compare.
 */
export function matchesFilter(group: FilterGroup, get: (field: string) => FieldValue): boolean {
  return buildGroup<(field: string) => FieldValue>(group, (field) => (getter) => getter(field))(get);
}

/**
 * A filter compiled once for many rows: the values are normalised and the field readers looked up
 * at compile time, so each row only reads and compares. Same result as matchesFilter; a field
 * without a reader is missing.
 */
export function compileFilter<T>(
  group: FilterGroup,
  fields: Readonly<Record<string, (row: T) => FieldValue>>,
): (row: T) => boolean {
  const missing = (): FieldValue => undefined;
  return buildGroup<T>(
    group,
    (field) => (Object.hasOwn(fields, field) ? fields[field] : undefined) ?? missing,
  );
}
