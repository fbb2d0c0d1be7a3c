import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PlantDefinitionError } from './definition-error.js';
import { validate } from './definition-validate.js';
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
import { resolveSwitchingPrograms } from './switching-programs.js';
import { expandUnit } from './templates/index.js';
import { resolveSources, type PlacedPv } from '../sources/definition/bindings.js';

export { PlantDefinitionError } from './definition-error.js';
export * from './definition-schema.js';
export type * from './definition-types.js';

const EMPTY_SOURCES = { sources: [], stationSource: new Map(), bindings: new Map() };

/** Dial stations call in every hour unless the file says otherwise. */
const DEFAULT_DIAL_INTERVAL_MINUTES = 60;

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
    return expand(doc, file === undefined ? process.cwd() : dirname(resolve(file)));
  } catch (error) {
    if (error instanceof PlantDefinitionError && file && error.file === undefined) {
      throw new PlantDefinitionError(error.path, error.reason, file);
    }
    throw error;
  }
}

function expand(doc: PlantDocument, baseDir: string): PlantDefinition {
  const stations: StationDefinition[] = [];
  const placed: PlacedPv[] = [];
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
      for (const pv of expanded.pvs) placed.push({ pv, station: i, explicit: null });
      for (let k = 0; k < expanded.pvs.length; k++) origins.push(`${ctx.path}.at`);
    });
    (s.pvs ?? []).forEach((p, j) => {
      const path = `stations[${i}].pvs[${j}]`;
      const pv = expandExplicitPv(p, station, path);
      pvs.push(pv);
      placed.push({ pv, station: i, explicit: j });
      origins.push(path);
    });
  });
  const definition: PlantDefinition = {
    info: doc.plant,
    stations,
    pvs,
    units,
    programs: [],
    sources: EMPTY_SOURCES,
  };
  checkDefinition(doc, definition, origins);
  const byKey = new Map(pvs.map((pv) => [pv.key, pv]));
  const used = new Map<string, string>();
  const ids = new Set<string>();
  doc.stations.forEach((s, i) => {
    definition.programs.push(
      ...resolveSwitchingPrograms(s.programs ?? [], s.number, byKey, used, ids, `stations[${i}].programs`),
    );
  });
  return { ...definition, sources: resolveSources(doc, placed, { baseDir }) };
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
