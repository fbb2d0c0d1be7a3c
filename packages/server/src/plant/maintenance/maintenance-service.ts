import {
  ALL_STATIONS,
  pvKey,
  remainingBelow,
  type MaintenanceConfig,
  type MaintenanceNotification,
  type MaintenanceProtocolRow,
  type PvRef,
  type ServiceMessageType,
  type SwitchingProgram,
} from '@leitwarte/core';
import type { Store } from '../../store/index.js';
import {
  createMaintenanceRepositories,
  type StoredMaintenanceConfig,
} from '../../store/maintenance/index.js';
import type { PlantDefinition } from '../definition-types.js';
import { createListeners } from '../listeners.js';
import type { Plant } from '../plant.js';
import { MaintenanceInputError } from './errors.js';
import { createMachineRecords, type MachineRecords } from './machine-records.js';
import { seedMaintenanceContent, type MaintenanceContent } from './maintenance-content.js';
import { configsOf, limitsOf, messageText, notificationOf, runtimeState } from './maintenance-views.js';
import { runtimeBindingsFromDefinition, type RuntimeBindings } from './runtime-bindings.js';
import { createServiceMessageMonitor, type ServiceMessage } from './service-message-monitor.js';

export interface MaintenanceServiceDeps {
  store: Store;
  plant: Plant;
  /** The plant definition: which runtime PVs belong to which machine. */
  definition: Pick<PlantDefinition, 'units' | 'pvs'> & Partial<Pick<PlantDefinition, 'programs'>>;
  /** Demo content put into an empty store once. */
  content?: MaintenanceContent | null;
  now?: () => number;
}

/** Maintenance: configs, notifications, overview protocols, life cycle, data sheets, service messages. */
export interface MaintenanceService extends MachineRecords {
  readonly bindings: RuntimeBindings;
  /** Configs of a runtime PV or of a machine's runtimes; all runtimes without a PV. */
  configs(pv?: PvRef): MaintenanceConfig[];
  notifications(pv?: PvRef): MaintenanceNotification[];
  /** Overview protocol of a station; -1 means all stations (screens §4). */
  protocolByStation(stationNr: number): MaintenanceProtocolRow[];
  protocolByCompareValue(
    stationNr: number,
    compareValue: number,
    isPercent: boolean,
  ): MaintenanceProtocolRow[];
  protocolByPv(pv: PvRef): MaintenanceProtocolRow[];
  /** Weekly switching programs of the machines of a station (-1: all stations), in file order. */
  switchingPrograms(stationNr: number): SwitchingProgram[];
  descriptions(): Promise<string[]>;
  /** Service messages that are due now. */
  activeServiceMessages(): ServiceMessage[];
  onServiceMessage(listener: (message: ServiceMessage) => void): () => void;
  /** Configs that changed (a runtime's limits were set); later published as newMaintenanceConfig. */
  onMaintenanceConfig(listener: (configs: readonly MaintenanceConfig[]) => void): () => void;
  stop(): void;
}

/** Creates the maintenance service: seeds the content once, loads the configs, watches runtimes. */
export async function createMaintenanceService(deps: MaintenanceServiceDeps): Promise<MaintenanceService> {
  const { store, plant } = deps;
  const now = deps.now ?? Date.now;
  const repos = createMaintenanceRepositories(store.db);
  if (deps.content) await seedMaintenanceContent(store, repos, deps.content, now());
  const bindings = runtimeBindingsFromDefinition(deps.definition);
  const runtimeKeys = new Set(bindings.allRuntimes().map(pvKey));

  const cache = new Map<string, Map<ServiceMessageType, StoredMaintenanceConfig>>();
  for (const c of await repos.configs.all()) {
    const k = pvKey(c.pvRef);
    if (!cache.has(k)) cache.set(k, new Map());
    cache.get(k)?.set(c.serviceMessageType, c);
  }
  const state = (ref: PvRef) => runtimeState(plant, ref, cache.get(pvKey(ref)));

  const monitor = createServiceMessageMonitor({
    isRuntime: (ref) => runtimeKeys.has(pvKey(ref)),
    textOf: (ref, type) => messageText(state(ref), type),
    machineOf: bindings.machineOf,
    stationOf: (ref) => plant.stationOf(ref),
    now,
  });
  const configListeners = createListeners<readonly MaintenanceConfig[]>();
  monitor.onLimitsChanged((refs) => configListeners.emit(refs.flatMap((r) => configsOf(state(r)))));
  // Values the plant already holds count as first readings; then follow the feed.
  monitor.apply([...plant.values.all()]);
  const unsubscribe = plant.values.onChange((batch) => monitor.apply(batch));

  /** Runtime PVs a request is about: a runtime itself, a machine's runtimes, or all. */
  const scope = (pv?: PvRef): PvRef[] => {
    if (!pv) return bindings.allRuntimes();
    const k = pvKey(pv);
    if (runtimeKeys.has(k)) return [pv];
    if (!plant.config(k)) throw new MaintenanceInputError(`Unbekannte Prozessvariable ${k}.`);
    return bindings.runtimesOf(pv);
  };
  const index = <T>(items: T[]) => items.map((item, i) => ({ index: i, ...item }));
  const rows = (
    refs: readonly PvRef[],
    keep: (limit: { current: number; target: number }) => boolean = () => true,
  ): MaintenanceProtocolRow[] => {
    const out: MaintenanceProtocolRow[] = [];
    for (const ref of refs) {
      const s = state(ref);
      const limits = limitsOf(s).filter(keep);
      if (limits.length === 0) continue;
      // What every row of this runtime shares is looked up once, not per limit.
      const machinePv = bindings.machineOf(ref);
      const stationNr = plant.stationOf(ref) ?? 0;
      const stationName = plant.station(stationNr)?.name ?? '';
      const machineName = machinePv ? (plant.config(pvKey(machinePv))?.name ?? '') : s.name;
      const eks = plant.config(pvKey(ref))?.eksNr ?? '';
      for (const limit of limits) {
        out.push({
          stationNr,
          stationName,
          machinePv,
          machineName,
          runtimeName: s.name,
          eks,
          notification: { index: out.length, ...notificationOf(s, limit) },
        });
      }
    }
    return out;
  };
  const ofStation = (stationNr: number) => {
    if (!Number.isInteger(stationNr)) throw new MaintenanceInputError('Ungültige Stationsnummer.');
    return bindings
      .allRuntimes()
      .filter((r) => stationNr === ALL_STATIONS || plant.stationOf(r) === stationNr);
  };

  return {
    bindings,
    ...createMachineRecords({ store, plant, repos, now }),
    configs: (pv) => scope(pv).flatMap((r) => configsOf(state(r))),
    notifications: (pv) =>
      index(scope(pv).flatMap((r) => limitsOf(state(r)).map((limit) => notificationOf(state(r), limit)))),
    protocolByStation: (stationNr) => rows(ofStation(stationNr)),
    protocolByCompareValue(stationNr, compareValue, isPercent) {
      if (!Number.isFinite(compareValue) || compareValue < 0) {
        throw new MaintenanceInputError('Vergleichswert muss eine Zahl ≥ 0 sein.');
      }
      return rows(ofStation(stationNr), (l) => remainingBelow(l.current, l.target, compareValue, isPercent));
    },
    protocolByPv: (pv) => rows(scope(pv)),
    switchingPrograms: (stationNr) =>
      (deps.definition.programs ?? []).filter((p) => stationNr === ALL_STATIONS || p.stationNr === stationNr),
    descriptions: () => repos.configs.descriptions(),
    activeServiceMessages: () => monitor.active(),
    onServiceMessage: (listener) => monitor.onServiceMessage(listener),
    onMaintenanceConfig: (listener) => configListeners.add(listener),
    stop: unsubscribe,
  };
}
