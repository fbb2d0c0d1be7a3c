import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { PlantDefinitionError, pointerToPath } from './definition-error.js';
import { checkDefinition } from './definition-check.js';
import {
  PlantDocumentSchema,
  UNIT_SCHEMAS,
  type PlantDocument,
  type UnitDocument,
  type UnitKind,
} from './definition-schema.js';
import type { PlantDefinition, PvDefinition, StationDefinition, UnitDefinition } from './definition-types.js';
import { expandExplicitPv } from './explicit-pv.js';
import { expandUnit } from './templates/index.js';

export { PlantDefinitionError } from './definition-error.js';
export * from './definition-schema.js';
export type * from './definition-types.js';

/** Dial stations call in every hour unless the file says otherwise. */
const DEFAULT_DIAL_INTERVAL_MINUTES = 60;

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

function validate(schema: TSchema, value: unknown, prefix: string, file?: string): void {
  const v = validator(schema);
  if (!v.Check(value)) throw describe(schema, v.Errors(value), prefix, file);
}

/**
 * Validates a plant document (the parsed JSON of a plant file) and expands it: units become PVs,
 * references are checked. Throws PlantDefinitionError naming the bad field.
 */
export function parsePlantDefinition(document: unknown, file?: string): PlantDefinition {
  try {
    validate(PlantDocumentSchema, document, '', file);
    const doc = document as PlantDocument;
    doc.stations.forEach((station, i) =>
      station.units.forEach((unit, j) => {
        validate(UNIT_SCHEMAS[unit.unit as UnitKind], unit, `/stations/${i}/units/${j}`, file);
      }),
    );
    return expand(doc);
  } catch (error) {
    if (error instanceof PlantDefinitionError && file && error.file === undefined) {
      throw new PlantDefinitionError(error.path, error.reason, file);
    }
    throw error;
  }
}

function expand(doc: PlantDocument): PlantDefinition {
  const stations: StationDefinition[] = [];
  const pvs: PvDefinition[] = [];
  const units: UnitDefinition[] = [];
  /** Where each PV comes from in the file, for error messages. */
  const origins: string[] = [];
  doc.stations.forEach((s, i) => {
    stations.push({
      number: s.number,
      name: s.name,
      kind: s.kind,
      eks: s.eks,
      location: s.location,
      processImage: s.processImage,
      mobileNetworkStandard: s.mobileNetworkStandard,
      connection: s.connection,
      dialIntervalMinutes: s.dialIntervalMinutes ?? DEFAULT_DIAL_INTERVAL_MINUTES,
    });
    const station = { number: s.number, name: s.name, eks: s.eks };
    s.units.forEach((u: UnitDocument, j) => {
      const ctx = { station, unit: { id: u.id, eks: u.eks, at: u.at }, path: `stations[${i}].units[${j}]` };
      const expanded = expandUnit(u, ctx);
      units.push(expanded.unit);
      pvs.push(...expanded.pvs);
      for (let k = 0; k < expanded.pvs.length; k++) origins.push(`${ctx.path}.at`);
    });
    (s.pvs ?? []).forEach((p, j) => {
      const path = `stations[${i}].pvs[${j}]`;
      pvs.push(expandExplicitPv(p, station, path));
      origins.push(path);
    });
  });
  const definition: PlantDefinition = { info: doc.plant, stations, pvs, units };
  checkDefinition(doc, definition, origins);
  return definition;
}

/** Reads, validates and expands a plant definition file (format in plants/README.md). */
export function loadPlantDefinition(path: string): PlantDefinition {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PlantDefinitionError('', `cannot read file (${(error as Error).message})`, path);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new PlantDefinitionError('', `not valid JSON (${(error as Error).message})`, path);
  }
  return parsePlantDefinition(document, path);
}
