import { parsePlantDefinition } from '../plant/definition.js';
import type { PlantDocument, StationDocument, UnitDocument } from '../plant/definition-schema.js';
import type { PlantDefinition } from '../plant/definition-types.js';
import type { MaintenanceDocument } from '../plant/maintenance/maintenance-content.js';
import { between, seededRandom, type Random } from './simulator/random.js';

export interface GeneratorOptions {
  stations: number;
  /** Exact number of PVs of every station. */
  pvsPerStation: number;
  seed?: number;
}

/** PVs of the units the generator uses (see the unit tables in plants/README.md). */
const SIGNALS_PVS = 6;
const BLOCK_PVS = 26; // sump (8) + two pumps (2 × 8) + flow meter (2)
const BLOCK_WIDTH = 10;
/** Units with plant-wide PVs must keep at + offset below 1000; measurements have none. */
const BLOCK_AT_LIMIT = 990;
const MEASUREMENT_AT_LIMIT = 99_000;
const KINDS = ['Abwasserpumpwerk', 'Druckerhöhungsstation', 'Hochbehälter', 'Regenüberlaufbecken'] as const;

function pumpStation(n: number, k: number, at: number, random: Random): UnitDocument[] {
  const id = `s${n}-b${k}`;
  const flow = Math.round(between(random, 30, 120));
  return [
    {
      unit: 'tank',
      id: `${id}-sump`,
      name: `Pumpensumpf ${k + 1}`,
      eks: `PS${k + 1}`,
      at,
      height: 3,
      area: 6,
      control: { mode: 'drain', on: 1.6, off: 0.5, pumps: [`${id}-p1`, `${id}-p2`] },
      inflow: [{ curve: 'wastewater', mean: Math.round(flow * between(random, 0.2, 0.45)), rain: flow }],
      outflow: [],
    },
    {
      unit: 'pump',
      id: `${id}-p1`,
      name: `Pumpe ${k + 1}.1`,
      eks: `P${k + 1}1`,
      at: at + 3,
      flow,
      power: flow / 8,
    },
    {
      unit: 'pump',
      id: `${id}-p2`,
      name: `Pumpe ${k + 1}.2`,
      eks: `P${k + 1}2`,
      at: at + 6,
      flow,
      power: flow / 8,
    },
    {
      unit: 'flow',
      id: `${id}-flow`,
      name: `Druckleitung ${k + 1}`,
      eks: `FD${k + 1}`,
      at: at + 9,
      dimension: 'l/s',
      max: Math.ceil((flow * 2) / 3.6),
      measures: [{ pumps: [`${id}-p1`, `${id}-p2`] }],
    },
  ];
}

function measurement(n: number, k: number, at: number, random: Random): UnitDocument {
  const nominal = Math.round(between(random, 1, 9) * 100) / 100;
  return {
    unit: 'measurement',
    id: `s${n}-m${k}`,
    name: `Messwert ${k + 1}`,
    eks: `M${k + 1}`,
    at,
    subtype: 'Messwert',
    dimension: 'mg/l',
    min: 0,
    max: 10,
    nominal,
    noise: 0.05,
  };
}

function station(n: number, pvs: number, random: Random): StationDocument {
  const units: UnitDocument[] = [];
  let left = pvs;
  let at = 1;
  if (left >= SIGNALS_PVS) {
    units.push({ unit: 'signals', id: `s${n}-fws`, name: 'Fernwirkstation', eks: 'FWS', at });
    left -= SIGNALS_PVS;
    at = 10;
  }
  for (let k = 0; left >= BLOCK_PVS && at + BLOCK_WIDTH <= BLOCK_AT_LIMIT; k++) {
    units.push(...pumpStation(n, k, at, random));
    left -= BLOCK_PVS;
    at += BLOCK_WIDTH;
  }
  if (at + left > MEASUREMENT_AT_LIMIT)
    throw new RangeError(`${pvs} PVs per station are more than the generator can number`);
  for (let k = 0; left > 0; k++, left--, at++) units.push(measurement(n, k, at, random));
  return {
    number: n,
    name: `Station ${String(n).padStart(4, '0')}`,
    kind: KINDS[n % KINDS.length] ?? 'Abwasserpumpwerk',
    eks: `S${n}`,
    location: { latitude: 50.5 + between(random, 0, 0.3), longitude: 9.4 + between(random, 0, 0.5) },
    processImage: null,
    mobileNetworkStandard: 'LTE',
    connection: 'permanent',
    units,
  };
}

/**
 * A valid plant definition of a given size for benchmarks: every station has exactly
 * `pvsPerStation` PVs from signals, sump pumping stations (simulated like the demo's) and
 * single measurements. The same seed gives the same plant.
 */
export function generatePlantDefinition(options: GeneratorOptions): PlantDefinition {
  return parsePlantDefinition(generatePlantDocument(options));
}

/** The generated plant as a plant file (format leitwarte-plant/1), e.g. for LEITWARTE_PLANT. */
export function generatePlantDocument({
  stations,
  pvsPerStation,
  seed = 1,
}: GeneratorOptions): PlantDocument {
  if (!Number.isInteger(stations) || stations < 1) throw new RangeError(`invalid station count ${stations}`);
  if (!Number.isInteger(pvsPerStation) || pvsPerStation < 1)
    throw new RangeError(`invalid PV count ${pvsPerStation}`);
  const random = seededRandom(seed);
  const document: PlantDocument = {
    format: 'leitwarte-plant/1',
    plant: {
      id: `GEN-${stations}x${pvsPerStation}`,
      name: `Generierte Anlage (${stations} Stationen × ${pvsPerStation} PVs)`,
      operator: 'Benchmark',
      client: 'Benchmark',
      provider: 'Leitwarte generator',
      company: 'Benchmark',
      publicAuthority: 'Benchmark',
      timeZone: 'Europe/Berlin',
    },
    stations: Array.from({ length: stations }, (_, i) => station(i + 1, pvsPerStation, random)),
  };
  return document;
}

/**
 * The maintenance content of a generated plant (`maintenance.json` beside its plant file):
 * every pump's operating hours and switching cycles get a pre-warning at the runtime's upper-middle
 * limit and a due message at its upper limit, as the demo's pumps have. Without it the store has no
 * maintenance configs and the maintenance screens of a generated plant stay empty.
 */
export function generateMaintenanceDocument(definition: PlantDefinition): MaintenanceDocument {
  const byKey = new Map(definition.pvs.map((pv) => [pv.key, pv]));
  const stationNames = new Map(definition.stations.map((s) => [s.number, s.name]));
  const runtimes: MaintenanceDocument['runtimes'] = [];
  for (const unit of definition.units) {
    if (unit.kind !== 'pump') continue;
    const station = stationNames.get(unit.station) ?? '';
    for (const [role, dimension, what] of [
      ['hours', 'Hours', 'Wartung'],
      ['cycles', 'Cycles', 'Schützprüfung'],
    ] as const) {
      const key = unit.pvs[role];
      const limits = key === undefined ? null : byKey.get(key)?.sim.runtimeLimits;
      if (key === undefined || !limits) continue;
      runtimes.push({
        pv: key,
        dimension,
        messages: {
          TopMiddle: {
            message: `${station} – ${unit.name}: ${what} in Kürze fällig`,
            description: `Vorwarnung ${what}`,
            priority: 6,
            delayTime: 0,
            runtimeHours: limits.upperMid,
          },
          Top: {
            message: `${station} – ${unit.name}: ${what} fällig`,
            description: `${what} fällig`,
            priority: 4,
            delayTime: 0,
            runtimeHours: limits.upper,
          },
        },
      });
    }
  }
  return { descriptions: ['Inspektion', 'Schützprüfung'], runtimes, lifecycle: [], datasheets: [] };
}
