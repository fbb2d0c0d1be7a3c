/** The comparison operators of list filters (screens §5). */
export const FILTER_OPERATORS = [
  'contains',
  'doesnotcontain',
  'startswith',
  'endswith',
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
] as const;

/** One comparison operator of a list filter (screens §5). */
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators that always compare text, whatever the type of the field or the value. */
export const TEXT_OPERATORS: readonly FilterOperator[] = [
  'contains',
  'doesnotcontain',
  'startswith',
  'endswith',
];

/** One condition: a field of the row compared with a value. */
export interface FilterCondition {
  field: string;
  operator: FilterOperator;
  value: string | number | null;
}

/** Conditions and nested groups combined with and/or (screens §5). */
export interface FilterGroup {
  logic: 'and' | 'or';
  filters: (FilterCondition | FilterGroup)[];
}

/** A row's field as the filter sees it: numbers for times (ms since the epoch) and priorities. */
export type FieldValue = string | number | boolean | null | undefined;

/** True when an entry of a group's filters is itself a group. */
export function isFilterGroup(entry: FilterCondition | FilterGroup): entry is FilterGroup {
  return 'logic' in entry;
}

/** The group that matches every row: no conditions. */
export function emptyFilterGroup(logic: 'and' | 'or' = 'and'): FilterGroup {
  return { logic, filters: [] };
}
