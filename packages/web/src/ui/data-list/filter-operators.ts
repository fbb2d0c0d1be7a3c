import type { FilterCondition, FilterGroup, FilterOperator } from '@leitwarte/core';
import type { FilterField } from './types';

/** The operators offered for a field type; the first is the default of a new condition. */
export const OPERATORS_BY_TYPE: Record<FilterField['type'], readonly FilterOperator[]> = {
  text: ['contains', 'doesnotcontain', 'startswith', 'endswith', 'eq', 'neq'],
  number: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte'],
  // A time is rarely equal to the millisecond: dates offer from/until.
  date: ['gte', 'lte', 'gt', 'lt'],
  choice: ['eq', 'neq'],
};

/** A new condition on a field: its type's first operator, no value yet (matches everything). */
export function newCondition(field: FilterField): FilterCondition {
  return { field: field.id, operator: OPERATORS_BY_TYPE[field.type][0] as FilterOperator, value: null };
}

/** The condition moved to another field, keeping the operator when the new type offers it. */
export function changeField(condition: FilterCondition, field: FilterField): FilterCondition {
  const operators = OPERATORS_BY_TYPE[field.type];
  return operators.includes(condition.operator)
    ? { field: field.id, operator: condition.operator, value: null }
    : newCondition(field);
}

/** How many conditions a group holds, nested ones included. */
export function countConditions(group: FilterGroup): number {
  return group.filters.reduce((sum, entry) => sum + ('logic' in entry ? countConditions(entry) : 1), 0);
}
