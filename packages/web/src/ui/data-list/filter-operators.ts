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

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The time of a datetime-local input's value, or null when empty or invalid. */
export function fromLocalInput(text: string): number | null {
  if (text === '') return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}
