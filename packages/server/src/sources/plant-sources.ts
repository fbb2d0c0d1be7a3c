import type { ProcessValue } from '@leitwarte/core';
import { createListeners } from '../plant/listeners.js';
import type { PlantDefinition } from '../plant/definition-types.js';
import type { ConnectionState, DataSource, FieldWrite, StationUpdate } from './data-source.js';
import { SIMULATOR_SOURCE_ID, type SourceKind } from './definition/source-schemas.js';
import type { FieldSourceDefinition } from './definition/sources-definition.js';
import { createFieldSource } from './field/field-source.js';
import type { AdapterContext, OperatedSource, ProtocolAdapter, SourceLog } from './field/field-types.js';
import { operatedSimulator } from './operated-simulator.js';
import { createSimulator, type SimulatorOptions } from './simulator/index.js';

/** The sources of a plant, for administration and metrics. */
export interface SourceRegistry {
  list(): readonly OperatedSource[];
  get(id: string): OperatedSource | undefined;
}

export interface PlantSources {
  /** All sources as one: what the plant model reads and writes. */
  source: DataSource & { setConnected?(connected: boolean): void };
  registry: SourceRegistry;
}

export interface PlantSourcesOptions {
  definition: PlantDefinition;
  dataDir: string;
  log: SourceLog;
  simulator?: SimulatorOptions;
  now?: () => number;
}

type AdapterFactory = (ctx: AdapterContext) => ProtocolAdapter;

/** Each protocol's code (and library) loads only when a plant uses it. */
async function adapterFactory(kind: SourceKind): Promise<AdapterFactory> {
  switch (kind) {
    case 'mqtt':
      return (await import('./mqtt/mqtt-adapter.js')).createMqttAdapter as AdapterFactory;
    case 'sparkplug':
      return (await import('./sparkplug/sparkplug-adapter.js')).createSparkplugAdapter as AdapterFactory;
    case 'modbus':
      return (await import('./modbus/modbus-adapter.js')).createModbusAdapter as AdapterFactory;
    case 'opcua':
      return (await import('./opcua/opcua-adapter.js')).createOpcUaAdapter as AdapterFactory;
  }
}

/** Several sources' connection states as one (calls §4 server status). */
export function combinedState(states: readonly ConnectionState[]): ConnectionState {
  if (states.every((s) => s === 'Connected')) return 'Connected';
  if (states.every((s) => s === 'Disconnected')) return 'Disconnected';
  if (states.some((s) => s === 'Disconnected' || s === 'Degraded')) return 'Degraded';
  return 'Connecting';
}

/**
 * The data sources of a plant: the simulator for what the plant file leaves to it (all of the
 * demo), one field source per entry of `sources`, combined into the one data source the plant
 * model reads: values and stations are merged, writes and dials go to the owner of each PV
 * and station.
 */
export async function createPlantSources(options: PlantSourcesOptions): Promise<PlantSources> {
  const { definition } = options;
  const { bindings, stationSource } = definition.sources;
  const simulatedPvs = definition.pvs.filter((pv) => !bindings.has(pv.key)).length;
  const simulatedStations = [...stationSource.values()].filter((id) => id === SIMULATOR_SOURCE_ID).length;
  const operated: OperatedSource[] = [];
  let simulator: ReturnType<typeof operatedSimulator> | null = null;
  if (simulatedPvs > 0 || simulatedStations > 0) {
    simulator = operatedSimulator(createSimulator(definition, options.simulator), definition, {
      pvs: simulatedPvs,
      stations: simulatedStations,
    });
    operated.push(simulator);
  }
  for (const source of definition.sources.sources) {
    const adapter = await adapterFactory(source.kind);
    operated.push(
      createFieldSource<FieldSourceDefinition>({
        source,
        plant: definition,
        adapter,
        dataDir: options.dataDir,
        log: options.log,
        ...(options.now && { now: options.now }),
      }),
    );
  }
  const byId = new Map(operated.map((s) => [s.id, s]));
  const registry: SourceRegistry = { list: () => operated, get: (id) => byId.get(id) };
  if (operated.length === 1 && simulator !== null && bindings.size === 0) {
    // The plain simulated plant: nothing to route or merge.
    return { source: simulator, registry };
  }

  const values = createListeners<readonly ProcessValue[]>();
  const history = createListeners<readonly ProcessValue[]>();
  const states = createListeners<ConnectionState>();
  const stations = createListeners<readonly StationUpdate[]>();
  const state = () => combinedState(operated.map((s) => s.connectionState()));
  let reported = state();
  for (const source of operated) {
    const simulated = source === simulator;
    source.onValues((batch) => {
      // The simulator animates the whole plant; only what is left to it goes out.
      const own = simulated ? batch.filter((v) => !bindings.has(`${v.pvRef.type}-${v.pvRef.nr}`)) : batch;
      if (own.length > 0) values.emit(own);
    });
    source.onHistory?.((batch) => history.emit(batch));
    source.onStations?.((updates) => {
      const own = updates.filter(
        (u) => (stationSource.get(u.stationNumber) ?? SIMULATOR_SOURCE_ID) === source.id,
      );
      if (own.length > 0) stations.emit(own);
    });
    source.onConnectionState(() => {
      const next = state();
      if (next === reported) return;
      reported = next;
      states.emit(next);
    });
  }
  const ownerOf = (key: string) => byId.get(bindings.get(key)?.sourceId ?? SIMULATOR_SOURCE_ID);

  return {
    registry,
    source: {
      async start() {
        await Promise.all(operated.map((s) => s.start()));
      },
      async stop() {
        await Promise.all(operated.map((s) => s.stop()));
      },
      async write(writes: readonly FieldWrite[]) {
        const groups = new Map<OperatedSource, FieldWrite[]>();
        for (const write of writes) {
          const owner = ownerOf(`${write.ref.type}-${write.ref.nr}`);
          if (!owner) throw new Error(`${write.ref.type}-${write.ref.nr} hat keine Datenquelle`);
          groups.set(owner, [...(groups.get(owner) ?? []), write]);
        }
        // A batch over several connections is written on each at once; what failed is named.
        const results = await Promise.allSettled([...groups].map(([owner, group]) => owner.write(group)));
        const failed = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
        if (failed.length > 0) throw new Error(failed.join('; '));
      },
      onValues: (listener) => values.add(listener),
      onHistory: (listener) => history.add(listener),
      connectionState: () => reported,
      onConnectionState: (listener) => states.add(listener),
      onStations: (listener) => stations.add(listener),
      async dial(stationNumber, action) {
        const owner = byId.get(stationSource.get(stationNumber) ?? SIMULATOR_SOURCE_ID);
        if (!owner?.dial) throw new Error('the data source cannot dial stations');
        await owner.dial(stationNumber, action);
      },
      ...(simulator && { setConnected: (connected: boolean) => simulator.setConnected(connected) }),
    },
  };
}
