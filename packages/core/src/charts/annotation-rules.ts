import { AnnotationFieldsSchema, type AnnotationFields } from './chart-schemas.js';
import { schemaIssues, type InputIssue } from './input-issues.js';
import type { InputCheck } from './chart-validation.js';

/** Message key of an empty annotation text (screens §5 "text cannot be empty"). */
export const ANNOTATION_TEXT_EMPTY = 'text cannot be empty';

/** Error of updating an annotation that was never saved (screens §4). */
export const ANNOTATION_UNSAVED_UPDATE = 'cannot update unsaved update annotation';

/** Earliest and latest timestamp an annotation may carry: 1970 to 9999, in milliseconds. */
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A new annotation's flags: visible, and shown in no report until someone asks for it. */
export const ANNOTATION_DEFAULT_FLAGS = Object.freeze({
  visible: true,
  showInDayReport: false,
  showInWeekReport: false,
  showInMonthReport: false,
  showInYearReport: false,
});

/**
 * Checks complete annotation fields (screens §3 "Annotation", §5): the text is trimmed and must
 * not be empty, the timestamp must be a whole millisecond time between 1970 and 9999.
 */
export function checkAnnotationFields(input: unknown): InputCheck<AnnotationFields> {
  const schema = schemaIssues(AnnotationFieldsSchema, input);
  if (schema.length > 0) return { ok: false, issues: schema };
  const value: AnnotationFields = { ...(input as AnnotationFields) };
  const issues: InputIssue[] = [];
  value.text = value.text.trim();
  if (value.text === '') issues.push({ field: 'text', message: ANNOTATION_TEXT_EMPTY });
  if (!Number.isSafeInteger(value.timestamp) || value.timestamp < 0 || value.timestamp > LATEST) {
    issues.push({ field: 'timestamp', message: 'must be a valid time (milliseconds since 1970)' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
