import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
const isSchema = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2026-01-05T10:00:00.000Z',
  date: '2026-01-05',
  time: '10:00:00',
  uri: 'https://example.org/',
  url: 'https://example.org/',
  email: 'meier@example.org',
  uuid: '00000000-0000-4000-8000-000000000000',
};
// Candidates for a string with a pattern: the first that matches is taken.
const PATTERN_CANDIDATES = [
  'a',
  'abc',
  'meier',
  'A1',
  '1',
  '12',
  '2026-01-05',
  '12:00',
  'AnaIn-100001',
  'x.y',
];

function sampleString(schema: Json): string {
  if (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format])
    return FORMAT_SAMPLES[schema.format]!;
  const min = Number(schema.minLength ?? 1);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((c) => pattern.test(c) && c.length >= min);
    if (found !== undefined) return found;
  }
  return 'a'.repeat(Math.max(min, 1));
}

function sampleNumber(schema: Json, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = 1;
  if (min !== undefined && value < min) value = integer ? Math.ceil(min) : min;
  if (max !== undefined && value > max) value = integer ? Math.floor(max) : max;
  return value;
}

/**
 * A small value that a JSON schema most likely accepts: required properties only, minimum
 * lengths and counts, the first of each union. Good enough to reach a route's handler, so
 * a test can tell "refused for the right" from "refused for the form" (see isValidSample).
 */
export function sampleOf(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema) || depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf)) return sampleOf(schema.anyOf[0], depth + 1);
  if (Array.isArray(schema.oneOf)) return sampleOf(schema.oneOf[0], depth + 1);
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name], depth + 1)]));
    }
    case 'array': {
      const count = Math.max(Number(schema.minItems ?? 1), 1);
      if (Array.isArray(schema.prefixItems))
        return schema.prefixItems.map((item) => sampleOf(item, depth + 1));
      return Array.from({ length: count }, () => sampleOf(schema.items, depth + 1));
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats.default(ajv);

/** Whether the schema accepts the value (the sample reached past the form check). */
export function isValidSample(schema: unknown, value: unknown): boolean {
  return ajv.validate(schema as object, value);
}
