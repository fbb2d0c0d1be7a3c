import path from 'node:path';
import type { PvRef, RuebConfig, SebamConfig } from '@leitwarte/core';
import { Type, type Static } from 'typebox';
import { contentPv, PlantContentError, PvKeyText, readRequiredPlantContent } from '../content-file.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const OptionalPv = Type.Union([PvKeyText, Type.Null()]);

/** rueb.json: the stormwater overflow basins and the PVs that describe them. */
export const RuebContentSchema = Type.Object(
  {
    basins: Type.Array(
      Type.Object(
        {
          id: Type.String({ pattern: '^[a-z0-9-]+$' }),
          station: Type.Integer({ minimum: 1 }),
          name: Name,
          volume: Type.Number({ exclusiveMinimum: 0 }),
          overflowThreshold: Type.Number({ exclusiveMinimum: 0 }),
          level: PvKeyText,
          overflow: OptionalPv,
          overflowFlow: OptionalPv,
          overflowVolume: OptionalPv,
          inflow: OptionalPv,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * sebam.json: Sebam configs. Sebam is taken to be the operating supervision of a wastewater
 * pumping station (sump level, delivery, pump operation, runtimes, failures) that the
 * self-monitoring records of the operator are built from; each config names its station and PVs.
 */
export const SebamContentSchema = Type.Object(
  {
    configs: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          name: Name,
          station: Type.Integer({ minimum: 1 }),
          description: Type.String({ maxLength: 1000 }),
          bindings: Type.Array(
            Type.Object({ role: Name, label: Name, pv: PvKeyText }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

interface ContentPlant {
  config(key: string): { valueType: string } | undefined;
  station(stationNumber: number): unknown;
}

function checkStation(plant: ContentPlant, station: number, file: string, field: string): void {
  if (!plant.station(station))
    throw new PlantContentError(file, field, `the plant has no station ${station}`);
}

/** Reads and checks `rueb.json`: stations and PVs exist, the overflow PV is a digital input. */
export function loadRuebContent(dir: string, plant: ContentPlant): RuebConfig[] {
  const file = path.join(dir, 'rueb.json');
  const doc = readRequiredPlantContent<Static<typeof RuebContentSchema>>(RuebContentSchema, file);
  return doc.basins.map((b, i) => {
    const at = `basins[${i}]`;
    checkStation(plant, b.station, file, `${at}.station`);
    const optional = (key: string | null, field: string): PvRef | null =>
      key === null ? null : contentPv(plant, key, file, `${at}.${field}`);
    if (b.overflow !== null && plant.config(b.overflow)?.valueType !== 'BoolValue') {
      throw new PlantContentError(file, `${at}.overflow`, `${b.overflow} is no digital (Bool) input`);
    }
    return {
      id: b.id,
      stationNr: b.station,
      name: b.name,
      volume: b.volume,
      overflowThreshold: b.overflowThreshold,
      levelPv: contentPv(plant, b.level, file, `${at}.level`),
      overflowPv: optional(b.overflow, 'overflow'),
      overflowFlowPv: optional(b.overflowFlow, 'overflowFlow'),
      overflowVolumePv: optional(b.overflowVolume, 'overflowVolume'),
      inflowPv: optional(b.inflow, 'inflow'),
    };
  });
}

/** Reads and checks `sebam.json`: stations and PVs exist. */
export function loadSebamContent(dir: string, plant: ContentPlant): SebamConfig[] {
  const file = path.join(dir, 'sebam.json');
  const doc = readRequiredPlantContent<Static<typeof SebamContentSchema>>(SebamContentSchema, file);
  return doc.configs.map((c, i) => {
    checkStation(plant, c.station, file, `configs[${i}].station`);
    return {
      id: c.id,
      name: c.name,
      stationNr: c.station,
      description: c.description,
      bindings: c.bindings.map((b, j) => ({
        role: b.role,
        label: b.label,
        pvRef: contentPv(plant, b.pv, file, `configs[${i}].bindings[${j}].pv`),
      })),
    };
  });
}
