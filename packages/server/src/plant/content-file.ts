import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePvKey, pvKey, type PvRef } from '@leitwarte/core';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { pointerToPath } from './definition-error.js';

/** A content file of the plant (alerts.json, remote-alarm.json, maintenance.json, ...) that cannot be used; names file and field. */
export class PlantContentError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${file}: ${path || '(root)'}: ${reason}`);
    this.name = 'PlantContentError';
  }
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Checks a parsed document against its schema; throws naming the deepest bad field. */
export function checkPlantContent<T>(schema: TSchema, document: unknown, file: string): T {
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
  if (!deepest) throw new PlantContentError(file, '', 'does not match its format');
  let reason = deepest.message;
  if (deepest.keyword === 'additionalProperties') {
    reason = `unknown field ${JSON.stringify(deepest.params.additionalProperties)}`;
  } else if (deepest.keyword === 'boolean') {
    // A closed object reports an extra field as that field failing the schema `false`.
    reason = 'unknown field';
  } else if (deepest.keyword === 'required') {
    reason = `missing ${JSON.stringify(deepest.params.requiredProperties)}`;
  }
  throw new PlantContentError(file, pointerToPath(deepest.instancePath), reason);
}

/**
 * Reads a JSON content file and checks it against its schema. A missing file gives null: a
 * plant without remote alarm or energy optimisation simply has none.
 */
export function readPlantContent<T>(schema: TSchema, file: string): T | null {
  if (!existsSync(file)) return null;
  return readRequiredPlantContent<T>(schema, file);
}

/** Reads a JSON content file that must exist and checks it against its schema. */
export function readRequiredPlantContent<T>(schema: TSchema, file: string): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new PlantContentError(file, '', `cannot read file (${(error as Error).message})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new PlantContentError(file, '', `not valid JSON (${(error as Error).message})`);
  }
  return checkPlantContent<T>(schema, document, file);
}

/** A content file beside the plant definition file (the demo: plants/demo/<name>). */
export function plantContentPath(plantFile: string, name: string): string {
  return path.join(path.dirname(plantFile), name);
}

/** A PV written as its key `Type-nr` in content files, e.g. `"RechenWert-1020"`. */
export const PvKeyText = Type.String({ pattern: '^[A-Za-z]+-\\d{1,15}$' });

/**
 * The folder of the demo plant, where its content files lie next to plant.json. Resolved from
 * this module: `src/plant/` and `dist/plant/` both sit two levels
 * below the package root that holds `plants/`.
 */
export const DEMO_CONTENT_DIR = fileURLToPath(new URL('../../plants/demo/', import.meta.url));

/**
 * Resolves a PV key of a content file against the plant: refused when malformed or when the
 * plant has no such PV, naming the field.
 */
export function contentPv(
  plant: { config(key: string): unknown },
  key: string,
  file: string,
  field: string,
): PvRef {
  const ref = parsePvKey(key);
  if (!ref) throw new PlantContentError(file, field, `${JSON.stringify(key)} is no PV key (Type-nr)`);
  if (!plant.config(pvKey(ref))) throw new PlantContentError(file, field, `the plant has no PV ${key}`);
  return ref;
}
