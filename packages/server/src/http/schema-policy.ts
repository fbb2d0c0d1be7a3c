import type { FastifySchema } from 'fastify';

/**
 * The schema rules every route gets, applied when the route is registered (so they hold for
 * routes added later without touching them) and before the OpenAPI document reads the schema:
 *
 * - Bodies are closed: an object without `additionalProperties` refuses unknown fields. An
 *   author who wants a map says so with `patternProperties` (and `maxProperties`).
 * - Numbers are finite and integers safe, in bodies, query strings and paths alike: integers
 *   without bounds get ±(2^53 − 1), numbers ±Number.MAX_VALUE, so `1e999` (Infinity) and
 *   9007199254740993 (which JSON turns into 2^53) are refused with 400.
 *
 * What cannot be defaulted — how long a text may be, how many items a list may hold — the
 * route declares; schema-policy.test walks every route and names the ones that do not.
 */
export function applySchemaPolicy(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (schema === undefined) return undefined;
  const result: FastifySchema = { ...schema };
  if (schema.body !== undefined) result.body = normalize(schema.body, true);
  if (schema.querystring !== undefined) result.querystring = normalize(schema.querystring, false);
  if (schema.params !== undefined) result.params = normalize(schema.params, false);
  return result;
}

type Json = Record<string, unknown>;
const isSchema = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CHILD_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const CHILD_LISTS = ['anyOf', 'oneOf', 'prefixItems'] as const;
const CHILD_ONE = ['items', 'additionalProperties', 'not', 'contains'] as const;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function hasType(schema: Json, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}

/** A copy of the schema with the rules applied (symbols such as TypeBox's kind are dropped). */
function normalize(input: unknown, closeObjects: boolean, inAllOf = false): unknown {
  if (!isSchema(input)) return input;
  const schema: Json = { ...input };
  for (const key of CHILD_MAPS) {
    const map = schema[key];
    if (isSchema(map)) {
      schema[key] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, normalize(child, closeObjects)]),
      );
    }
  }
  for (const key of CHILD_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) schema[key] = list.map((child) => normalize(child, closeObjects));
  }
  // Members of allOf are parts of one object: closing each would refuse the others' fields.
  if (Array.isArray(schema.allOf)) schema.allOf = schema.allOf.map((c) => normalize(c, closeObjects, true));
  for (const key of CHILD_ONE) {
    if (isSchema(schema[key])) schema[key] = normalize(schema[key], closeObjects);
  }
  if (closeObjects && !inAllOf && hasType(schema, 'object') && schema.additionalProperties === undefined) {
    schema.additionalProperties = false;
  }
  if (hasType(schema, 'integer')) {
    schema.minimum = Math.max(Number(schema.minimum ?? -MAX_SAFE), -MAX_SAFE);
    schema.maximum = Math.min(Number(schema.maximum ?? MAX_SAFE), MAX_SAFE);
  } else if (hasType(schema, 'number')) {
    schema.minimum ??= -Number.MAX_VALUE;
    schema.maximum ??= Number.MAX_VALUE;
  }
  return schema;
}

/** Where a write body breaks the rules: an open object, an unbounded text, list or map. */
export function bodyViolations(schema: unknown, where = 'body'): string[] {
  if (!isSchema(schema)) return [];
  const found: string[] = [];
  if (hasType(schema, 'object') || schema.properties !== undefined) {
    const extra = schema.additionalProperties;
    const map = schema.patternProperties !== undefined || isSchema(extra);
    if (extra === true || (extra === undefined && schema.unevaluatedProperties !== false)) {
      found.push(`${where}: object open to unknown fields`);
    }
    if (map && schema.maxProperties === undefined) found.push(`${where}: map without maxProperties`);
  }
  if (Array.isArray(schema.allOf)) found.push(`${where}: allOf (write the object out instead)`);
  if (
    hasType(schema, 'string') &&
    schema.maxLength === undefined &&
    schema.const === undefined &&
    schema.enum === undefined
  ) {
    found.push(`${where}: string without maxLength`);
  }
  if (hasType(schema, 'array') && schema.maxItems === undefined && !Array.isArray(schema.prefixItems)) {
    found.push(`${where}: array without maxItems`);
  }
  if (
    hasType(schema, 'integer') &&
    !(Math.abs(Number(schema.minimum)) <= MAX_SAFE && Math.abs(Number(schema.maximum)) <= MAX_SAFE)
  ) {
    found.push(`${where}: integer outside the safe range`);
  }
  if (
    schema.type === undefined &&
    schema.const === undefined &&
    schema.enum === undefined &&
    !hasChildren(schema)
  ) {
    found.push(`${where}: value of any type`);
  }
  for (const key of CHILD_MAPS) {
    const map = schema[key];
    if (isSchema(map))
      for (const [name, child] of Object.entries(map))
        found.push(...bodyViolations(child, `${where}.${name}`));
  }
  for (const key of [...CHILD_LISTS, 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((child, i) => found.push(...bodyViolations(child, `${where}/${key}[${i}]`)));
  }
  if (isSchema(schema.items)) found.push(...bodyViolations(schema.items, `${where}[]`));
  if (isSchema(schema.additionalProperties))
    found.push(...bodyViolations(schema.additionalProperties, `${where}.*`));
  return found;
}

const hasChildren = (schema: Json) =>
  Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf) || Array.isArray(schema.allOf);
