import { Type, type Static } from 'typebox';
import type { Plant } from '../plant.js';
import { PlantContentError, readPlantContent } from '../content-file.js';

const Kw = Type.Number({ minimum: 0, maximum: 100_000 });

/** energy.json: energy optimisation per station (plants/README.md). */
export const EnergyContentSchema = Type.Object(
  {
    configs: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1, maximum: 999_999 }),
          name: Type.String({ minLength: 1, maxLength: 64 }),
          station: Type.Integer({ minimum: 1 }),
          setpointKw: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
          idlePowerKw: Kw,
          chpKw: Kw,
          reactiveFactor: Type.Number({ minimum: 0, maximum: 2 }),
          utilityImpulseSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
          /** Power PVs of the loads; default every analog "Leistung" PV of the station. */
          loads: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type EnergyContent = Static<typeof EnergyContentSchema>;
export type EnergyConfigDocument = EnergyContent['configs'][number];

/** The power PVs (keys) of a config's loads. */
export function loadKeys(
  config: EnergyConfigDocument,
  plant: Pick<Plant, 'pvConfigs' | 'stationOf'>,
): string[] {
  if (config.loads) return config.loads;
  return plant
    .pvConfigs()
    .filter(
      (c) =>
        c.pvRef.type === 'AnaIn' && c.subtype === 'Leistung' && plant.stationOf(c.pvRef) === config.station,
    )
    .map((c) => `${c.pvRef.type}-${c.pvRef.nr}`);
}

/** Checks unique ids, known stations and loads that are analog kW PVs. */
export function checkEnergyContent(
  content: EnergyContent,
  plant: Pick<Plant, 'pvConfigs' | 'stationOf' | 'config' | 'station'>,
  file: string,
): void {
  const fail = (at: string, reason: string) => {
    throw new PlantContentError(file, at, reason);
  };
  const ids = new Set<number>();
  content.configs.forEach((c, i) => {
    if (ids.has(c.id)) fail(`configs[${i}].id`, `duplicate id ${c.id}`);
    ids.add(c.id);
    if (!plant.station(c.station)) fail(`configs[${i}].station`, `unknown station ${c.station}`);
    const keys = loadKeys(c, plant);
    if (keys.length === 0) fail(`configs[${i}].loads`, `station ${c.station} has no power PVs`);
    keys.forEach((key, j) => {
      const pv = plant.config(key);
      if (!pv) fail(`configs[${i}].loads[${j}]`, `unknown PV ${key}`);
      else if (pv.valueType !== 'DoubleValue' || pv.dimension !== 'kW')
        fail(`configs[${i}].loads[${j}]`, `${key} is not a power in kW`);
    });
  });
}

/** Reads energy.json; a missing file means no energy optimisation. */
export function loadEnergyContent(
  file: string,
  plant: Parameters<typeof checkEnergyContent>[1],
): EnergyContent | null {
  const content = readPlantContent<EnergyContent>(EnergyContentSchema, file);
  if (content !== null) checkEnergyContent(content, plant, file);
  return content;
}
