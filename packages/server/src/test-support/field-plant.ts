import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parsePlantDefinition, type PlantDefinition } from '../plant/index.js';

/** An explicit PV of a field station as the plant file writes it. */
export interface FieldPv {
  type: string;
  number?: number;
  nr?: number;
  name?: string;
  eks?: string;
  subtype?: string;
  [field: string]: unknown;
}

export interface FieldStation {
  number: number;
  source?: string;
  address?: Record<string, unknown>;
  pvs: FieldPv[];
  name?: string;
}

/** A plant document of field stations with explicit PVs (format leitwarte-plant/1). */
export function fieldPlantDocument(sources: object[], stations: FieldStation[]): Record<string, unknown> {
  return {
    format: 'leitwarte-plant/1',
    plant: {
      id: 'FIELD-TEST',
      name: 'Feldanbindung Test',
      operator: 'Test',
      client: 'Test',
      provider: 'Test',
      company: 'Test',
      publicAuthority: 'Test',
      timeZone: 'Europe/Berlin',
    },
    sources,
    stations: stations.map((s) => ({
      number: s.number,
      name: s.name ?? `Station ${s.number}`,
      kind: 'Pumpwerk',
      eks: `S${s.number}`,
      location: null,
      processImage: null,
      mobileNetworkStandard: 'LAN',
      connection: 'permanent',
      units: [],
      ...(s.source !== undefined && { source: s.source }),
      ...(s.address !== undefined && { address: s.address }),
      pvs: s.pvs.map((pv, i) => ({
        name: `${pv.type} ${pv.number ?? pv.nr}`,
        eks: `P${i}`,
        subtype: 'Messwert',
        ...pv,
      })),
    })),
  };
}

/** The expanded definition of such a plant. */
export function fieldPlant(sources: object[], stations: FieldStation[]): PlantDefinition {
  return parsePlantDefinition(fieldPlantDocument(sources, stations));
}

/** The plant written to a fresh directory (for LEITWARTE_PLANT); remove() deletes it. */
export function writeFieldPlant(
  sources: object[],
  stations: FieldStation[],
): { file: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'leitwarte-field-plant-'));
  const file = path.join(dir, 'plant.json');
  writeFileSync(file, JSON.stringify(fieldPlantDocument(sources, stations), null, 2));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
