import {
  decodePvNr,
  isStationEncoded,
  pvKey,
  type PvConfig,
  type PvRef,
  type Station,
} from '@leitwarte/core';
import type { DataSource, StationUpdate } from '../sources/data-source.js';
import type { PlantDefinition, StationDefinition } from './definition-types.js';
import { createListeners } from './listeners.js';
import type { Plant } from './plant.js';
import { createValueStore } from './plant-values.js';
import { buildPvTree } from './pv-tree.js';

export interface CreatePlantOptions {
  definition: PlantDefinition;
  source: DataSource;
  /** Clock for the stations' initial timestamp; tests inject one. */
  now?: () => number;
}

/**
 * Unit roles whose PVs are a station's key values, in the order a tile shows them: what fills
 * and empties (levels), what moves (flows, pressures) and what runs (pumps).
 */
const KEY_VALUE_ROLES = ['level', 'flow', 'pressure', 'running'] as const;
/** A tile has room for this many readings; the first of each role come first. */
export const MAX_KEY_VALUES = 6;

function keyValuesOf(definition: PlantDefinition, station: number): PvRef[] {
  const own = definition.pvs.filter((pv) => pv.station === station && pv.role !== null);
  const byRole = KEY_VALUE_ROLES.map((role) => own.filter((pv) => pv.role === role));
  // Round-robin over the roles, so a waterworks with many pumps still shows its level and flows.
  const picked: PvRef[] = [];
  for (let i = 0; picked.length < MAX_KEY_VALUES && byRole.some((list) => i < list.length); i++) {
    for (const list of byRole) {
      const pv = list[i];
      if (pv && picked.length < MAX_KEY_VALUES) picked.push(pv.ref);
    }
  }
  return picked;
}

function initialStation(def: StationDefinition, now: number, keyValues: PvRef[]): Station {
  return {
    stationNumber: def.number,
    name: def.name,
    kind: def.kind,
    // Unknown until the source reports; "Unbekannt" is what an operator should see then.
    dialState: 'NotDefined',
    timestamp: now,
    lastConnection: null,
    dialCounters: {
      mobileNetworkStandard: def.mobileNetworkStandard,
      dayCounter: 0,
      monthCounter: 0,
      yearCounter: 0,
    },
    hasGeoLocation: def.location !== null,
    location: def.location,
    processImage: def.processImage,
    keyValues,
  };
}

/**
 * The plant model over a data source: configs, tree and stations come from the definition and
 * are built once; values and station states are kept up to date from the source's feeds.
 */
export function createPlant({ definition, source, now = Date.now }: CreatePlantOptions): Plant {
  const configs: PvConfig[] = definition.pvs.map((pv) => pv.config);
  const configByKey = new Map(definition.pvs.map((pv) => [pv.key, pv.config]));
  // Only non-encoded types need the definition to know their station.
  const plantWideStation = new Map<string, number>();
  for (const pv of definition.pvs)
    if (!isStationEncoded(pv.ref.type)) plantWideStation.set(pv.key, pv.station);
  const tree = buildPvTree(definition);
  const values = createValueStore(definition.pvs.map((pv) => pv.ref));

  const stationMap = new Map<number, Station>();
  const created = now();
  for (const def of definition.stations)
    stationMap.set(def.number, initialStation(def, created, keyValuesOf(definition, def.number)));
  let stationList: Station[] | null = null;
  const stationListeners = createListeners<readonly Station[]>();

  const applyStations = (updates: readonly StationUpdate[]) => {
    const changed: Station[] = [];
    for (const update of updates) {
      const current = stationMap.get(update.stationNumber);
      if (!current) continue;
      const next: Station = { ...current, ...update, dialCounters: { ...update.dialCounters } };
      stationMap.set(update.stationNumber, next);
      changed.push(next);
    }
    if (changed.length === 0) return;
    stationList = null;
    stationListeners.emit(changed);
  };

  // Subscribed for the plant's lifetime, so a stopped plant can be started again.
  source.onValues((batch) => values.apply(batch));
  source.onHistory?.((batch) => values.applyArchive(batch));
  source.onStations?.(applyStations);

  return {
    values,
    info: definition.info,
    stations: () => (stationList ??= [...stationMap.values()]),
    station: (stationNumber) => stationMap.get(stationNumber),
    onStationChange: (listener) => stationListeners.add(listener),
    mirror(mirrored, stations) {
      values.mirror(mirrored);
      for (const station of stations) {
        const current = stationMap.get(station.stationNumber);
        if (!current || current.timestamp > station.timestamp) continue;
        stationMap.set(station.stationNumber, station);
        stationList = null;
      }
    },
    pvConfigs: () => configs,
    config: (key) => configByKey.get(key),
    tree: () => tree,
    stationOf(ref: PvRef) {
      if (isStationEncoded(ref.type)) return decodePvNr(ref).station;
      return plantWideStation.get(pvKey(ref)) ?? null;
    },
    async write(writes) {
      const unknown = writes.filter((w) => !configByKey.has(pvKey(w.ref)));
      if (unknown.length > 0) throw new Error(`unknown PV ${unknown.map((w) => pvKey(w.ref)).join(', ')}`);
      await source.write(writes);
    },
    async dial(stationNumber, action) {
      if (!stationMap.has(stationNumber)) throw new Error(`unknown station ${stationNumber}`);
      if (!source.dial) throw new Error('the data source cannot dial stations');
      await source.dial(stationNumber, action);
    },
    connectionState: () => source.connectionState(),
    onConnectionState: (listener) => source.onConnectionState(listener),
    ...('setConnected' in source && typeof source.setConnected === 'function'
      ? {
          setSourceConnected: (connected: boolean) =>
            (source.setConnected as (c: boolean) => void).call(source, connected),
        }
      : {}),
    ...(source.resume ? { resume: source.resume.bind(source) } : {}),
    ...(source.history ? { history: source.history.bind(source) } : {}),
    start: () => source.start(),
    stop: () => source.stop(),
  };
}
