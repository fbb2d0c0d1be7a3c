import { readFileSync } from 'node:fs';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { pointerToPath } from '../definition-error.js';

/** A content file of the plant (alerts.json, system.json) that cannot be used; names file and field. */
export class ContentFileError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${file}: ${path || '(root)'}: ${reason}`);
    this.name = 'ContentFileError';
  }
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Checks a parsed document against its schema; throws naming the deepest bad field. */
export function checkContent<T>(schema: TSchema, document: unknown, file: string): T {
  const validator = Compile(schema) as unknown as {
    Check(value: unknown): boolean;
    Errors(value: unknown): SchemaError[];
  };
  if (validator.Check(document)) return document as T;
  const errors = validator.Errors(document).filter((e) => e.keyword !== 'anyOf');
  const deepest = errors.reduce<SchemaError | null>(
    (a, b) => (a === null || b.instancePath.length > a.instancePath.length ? b : a),
    null,
  );
  if (!deepest) throw new ContentFileError(file, '', 'does not match its format');
  let reason = deepest.message;
  if (deepest.keyword === 'additionalProperties') {
    reason = `unknown field ${JSON.stringify(deepest.params.additionalProperties)}`;
  } else if (deepest.keyword === 'required') {
    reason = `missing ${JSON.stringify(deepest.params.requiredProperties)}`;
  }
  throw new ContentFileError(file, pointerToPath(deepest.instancePath), reason);
}

/** Reads a JSON content file and checks it against its schema. */
export function readContentFile<T>(schema: TSchema, file: string): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ContentFileError(file, '', `cannot read file (${(error as Error).message})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(file, '', `not valid JSON (${(error as Error).message})`);
  }
  return checkContent<T>(schema, document, file);
}
