import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemaIssues } from '@leitwarte/core';
import type { Static, TSchema } from 'typebox';
import { PlantDefinitionError } from '../definition-error.js';

/** A content file (charts.json, dashboards.json, webcams.json, ...) that sits beside the plant file. */
export function contentPath(plantPath: string, name: string): string {
  return path.join(path.dirname(plantPath), name);
}

/**
 * Reads and validates a content file. Any error names the file and the field, e.g.
 * `plant definition …/charts.json: directories[0].charts[2].title: is required`.
 */
export function readContentFile<S extends TSchema>(file: string, schema: S): Static<S> {
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new PlantDefinitionError('', `cannot read content file (${(error as Error).message})`, file);
  }
  return checkContent(document, schema, file);
}

/** Validates a parsed content document; throws PlantDefinitionError naming the deepest bad field. */
export function checkContent<S extends TSchema>(document: unknown, schema: S, file?: string): Static<S> {
  const issues = schemaIssues(schema, document);
  if (issues.length > 0) {
    const deepest = issues.reduce((a, b) => (b.field.length > a.field.length ? b : a));
    throw new PlantDefinitionError(deepest.field, deepest.message, file);
  }
  return document as Static<S>;
}
