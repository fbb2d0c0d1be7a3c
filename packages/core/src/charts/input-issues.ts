import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** One reason an input was refused: the field (dotted path, '' for the whole input) and why. */
export interface InputIssue {
  field: string;
  message: string;
}

/** `/series/0/pv/type` → `series[0].pv.type`. */
function fieldOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * The schema violations of a value, one issue per field: a value outside a set of literals
 * lists the allowed ones, a missing or unknown field is named.
 */
export function schemaIssues(schema: TSchema, value: unknown): InputIssue[] {
  const byField = new Map<string, { message: string; allowed: unknown[] }>();
  for (const error of Value.Errors(schema, value)) {
    if (error.keyword === 'anyOf') continue;
    const params = error.params as Record<string, unknown>;
    let field = fieldOf(error.instancePath);
    let message = error.message;
    if (error.keyword === 'required') {
      const missing = (params.requiredProperties as string[] | undefined) ?? [];
      field = [field, missing[0]].filter(Boolean).join('.');
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      message = `unknown field ${JSON.stringify(params.additionalProperties)}`;
    }
    const entry = byField.get(field) ?? { message, allowed: [] };
    if (error.keyword === 'const') entry.allowed.push(params.allowedValue);
    byField.set(field, entry);
  }
  return [...byField].map(([field, { message, allowed }]) => ({
    field,
    message:
      allowed.length > 1 ? `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}` : message,
  }));
}
