import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { PlantDefinitionError, pointerToPath } from './definition-error.js';

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}
type Validator = { Check(value: unknown): boolean; Errors(value: unknown): SchemaError[] };

const validators = new Map<TSchema, Validator>();
function validator(schema: TSchema): Validator {
  let found = validators.get(schema);
  if (!found) {
    found = Compile(schema) as unknown as Validator;
    validators.set(schema, found);
  }
  return found;
}

/** The sub-schema at a `#/properties/a/items/...` path. */
function schemaAt(root: TSchema, path: string): unknown {
  let node: unknown = root;
  for (const part of path.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return node;
}

/** The constants a value may take when the failing schema is a union of literals. */
function allowedConstants(root: TSchema, error: SchemaError): unknown[] {
  const union = /^(.*)\/anyOf\/\d+$/.exec(error.schemaPath);
  if (!union?.[1]) return [error.params.allowedValue];
  const variants = (schemaAt(root, union[1]) as { anyOf?: { const?: unknown }[] } | undefined)?.anyOf ?? [];
  return variants.filter((v) => 'const' in v).map((v) => v.const);
}

/**
 * The most useful of a schema's errors: the deepest field, and for a value that matches no
 * literal the list of allowed values (taken from the schema; TypeBox stops after 8 errors).
 */
function describe(
  root: TSchema,
  errors: readonly SchemaError[],
  prefix: string,
  file?: string,
): PlantDefinitionError {
  const useful = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'boolean');
  const pool = useful.length > 0 ? useful : errors;
  const deepest = pool.reduce((a, b) => (b.instancePath.length > a.instancePath.length ? b : a));
  const here = pool.filter((e) => e.instancePath === deepest.instancePath);
  let reason = deepest.message;
  const constants = here.filter((e) => e.keyword === 'const');
  if (constants.length > 0) {
    const allowed = [...new Set(constants.flatMap((e) => allowedConstants(root, e)))].map((v) =>
      JSON.stringify(v),
    );
    reason = allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(', ')}`;
  }
  const extra = here.find((e) => e.keyword === 'additionalProperties');
  if (extra) reason = `unknown field ${JSON.stringify(extra.params.additionalProperties)}`;
  const required = here.find((e) => e.keyword === 'required');
  if (required) reason = `missing ${JSON.stringify(required.params.requiredProperties)}`;
  return new PlantDefinitionError(pointerToPath(prefix + deepest.instancePath), reason, file);
}

/** Checks a value against a schema; throws PlantDefinitionError naming the deepest bad field. */
export function validate(schema: TSchema, value: unknown, prefix: string, file?: string): void {
  const v = validator(schema);
  if (!v.Check(value)) throw describe(schema, v.Errors(value), prefix, file);
}
