import {
  TEXT_OPERATORS,
  type FieldValue,
  type FilterCondition,
  type FilterOperator,
} from './filter-types.js';
import {
  fieldAsNumber,
  fieldAsText,
  filterTextAsNumber,
  isMissingField,
  normaliseFilterText,
} from './filter-values.js';

/** A condition's value is empty (and so matches every row): null, blank text or a non-finite number. */
export function isEmptyFilterValue(value: FilterCondition['value'] | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  return normaliseFilterText(value) === '';
}

type Test = (field: FieldValue) => boolean;

function textTest(operator: FilterOperator, needle: string): (text: string) => boolean {
  switch (operator) {
    case 'contains':
      return (text) => text.includes(needle);
    case 'doesnotcontain':
      return (text) => !text.includes(needle);
    case 'startswith':
      return (text) => text.startsWith(needle);
    case 'endswith':
      return (text) => text.endsWith(needle);
    default:
      throw new RangeError(`not a text operator: ${operator}`);
  }
}

/** Maps the order of field and value (-1, 0, 1, or NaN when not comparable) to the operator's result. */
function orderTest(operator: FilterOperator): (order: number) => boolean {
  switch (operator) {
    case 'eq':
      return (order) => order === 0;
    case 'neq':
      // The exact negation of eq for a present field, also when the two cannot be compared.
      return (order) => order !== 0;
    case 'lt':
      return (order) => order < 0;
    case 'lte':
      return (order) => order <= 0;
    case 'gt':
      return (order) => order > 0;
    case 'gte':
      return (order) => order >= 0;
    default:
      throw new RangeError(`unknown filter operator: ${String(operator)}`);
  }
}

const orderOf = <T extends number | string>(a: T, b: T): number =>
  a < b ? -1 : a > b ? 1 : a === b ? 0 : Number.NaN;

/**
 * Compiles one condition into a test of a field's value (screens §5). Decisions:
 * - An empty value (see isEmptyFilterValue) matches every row, even one without the field: an
 *   unfinished condition must not hide rows. Otherwise a missing field never matches, not even
 *   neq or doesnotcontain.
 * - contains, doesnotcontain, startswith, endswith always compare normalised text (a number as its
 *   decimal text); doesnotcontain is the exact negation of contains for present fields.
 * - eq … gte compare by the value's type. A number value compares numerically; the field is read
 *   as a number (texts as decimal or ISO date) and a field that cannot be read only matches neq.
 * - A text value compares as normalised text in code-unit order, except against a numeric field
 *   when the text reads as a number or an ISO date: then numerically, so a date compares as time.
 */
export function compileCondition(condition: FilterCondition): Test {
  const { operator, value } = condition;
  if (value === null || isEmptyFilterValue(value)) return () => true;
  if (TEXT_OPERATORS.includes(operator)) {
    const test = textTest(operator, typeof value === 'number' ? String(value) : normaliseFilterText(value));
    return (field) => !isMissingField(field) && test(fieldAsText(field));
  }
  const accept = orderTest(operator);
  if (typeof value === 'number') {
    return (field) => !isMissingField(field) && accept(orderOf(fieldAsNumber(field), value));
  }
  const text = normaliseFilterText(value);
  const number = filterTextAsNumber(value);
  const numeric = !Number.isNaN(number);
  return (field) => {
    if (isMissingField(field)) return false;
    if (numeric && typeof field === 'number') return accept(orderOf(field, number));
    return accept(orderOf(fieldAsText(field), text));
  };
}
