import {
  pvKey,
  type AlarmLineInfo,
  type AlarmPlanInfo,
  type LimitConfig,
  type MaintenanceConfig,
  type PvRef,
} from '@leitwarte/core';
import type { Domain } from '../domain.js';
import type { Backplane, LiveSnapshot } from '../hubs/backplane.js';
import type { Plant } from '../plant/plant.js';

/** How often a process that has no snapshot yet asks again (the owner may still be starting). */
const ASK_AGAIN_MS = 2_000;

export interface LiveMirrorDeps {
  backplane: Backplane;
  plant: Pick<Plant, 'mirror' | 'values' | 'stations' | 'pvConfigs'>;
  domain: Pick<Domain, 'limits' | 'maintenance' | 'remoteAlarm'>;
  /** This process's id on the backplane. */
  origin: string;
  /** This process runs the field (its own engines hold the state). */
  owns: () => boolean;
}

/**
 * The live state the value channels (`/hubs/pv`, `/hubs/station`) read: in the process that
 * runs the field, its engines'; in the others, the mirror's.
 */
export interface LiveState {
  limitsOf(pvs: readonly PvRef[]): readonly LimitConfig[];
  maintenanceConfigs(pv: PvRef): readonly MaintenanceConfig[];
  planInfos(): readonly AlarmPlanInfo[];
  lineInfos(): readonly AlarmLineInfo[];
}

export interface LiveMirror extends LiveState {
  /** Asks the owner for its state (on becoming one of the others, after Redis was away). */
  resync(): void;
  /** The owner: sends its state to every other process (after it started the field). */
  publish(): void;
  /** Whether a snapshot arrived since the last resync. */
  synced(): boolean;
  stop(): void;
}

const planKey = (plan: { station: number; planNumber: number }) => `${plan.station}/${plan.planNumber}`;
const lineKey = (line: { station: number; lineNumber: number }) => `${line.station}/${line.lineNumber}`;
const limitKey = (limit: LimitConfig) => limit.pvLimitRef.limitType;
const maintenanceKey = (config: MaintenanceConfig) =>
  `${pvKey(config.pvMaintenanceRef.pvRef)}/${config.pvMaintenanceRef.serviceMessageType}`;

/**
 * Several processes: keeps, in a process that does not run the field, the owner's live state
 * fresh from the backplane (values, stations, limit and maintenance configs, alarm plans and
 * lines), so that it serves the value channels itself. A snapshot from the owner fills it when
 * the process becomes one of the others, after Redis was away and after a takeover; values and
 * stations keep, per PV and station, the newer of snapshot and change by their timestamps.
 */
export function createLiveMirror(deps: LiveMirrorDeps): LiveMirror {
  const { backplane, plant, domain, origin, owns } = deps;
  const limits = new Map<string, LimitConfig[]>();
  const maintenance = new Map<string, MaintenanceConfig[]>();
  const plans = new Map<string, AlarmPlanInfo>();
  const lines = new Map<string, AlarmLineInfo>();
  let received = false;
  let asking: NodeJS.Timeout | null = null;

  function takeLimits(changed: readonly LimitConfig[]): void {
    for (const limit of changed) {
      const key = pvKey(limit.pvLimitRef.pv);
      const list = limits.get(key) ?? [];
      const at = list.findIndex((l) => limitKey(l) === limitKey(limit));
      if (at >= 0) list[at] = limit;
      else list.push(limit);
      limits.set(key, list);
    }
  }

  function takeMaintenance(changed: readonly MaintenanceConfig[]): void {
    for (const config of changed) {
      const key = maintenanceKey(config);
      let found = false;
      for (const list of maintenance.values()) {
        const at = list.findIndex((c) => maintenanceKey(c) === key);
        if (at >= 0) {
          list[at] = config;
          found = true;
        }
      }
      if (!found) {
        const own = pvKey(config.pvMaintenanceRef.pvRef);
        maintenance.set(own, [...(maintenance.get(own) ?? []), config]);
      }
    }
  }

  function takeSnapshot(snapshot: LiveSnapshot): void {
    plant.mirror(snapshot.values, snapshot.stations);
    limits.clear();
    takeLimits(snapshot.limits);
    maintenance.clear();
    for (const [key, configs] of snapshot.maintenance) maintenance.set(key, [...configs]);
    plans.clear();
    for (const plan of snapshot.plans) plans.set(planKey(plan), plan);
    lines.clear();
    for (const line of snapshot.lines) lines.set(lineKey(line), line);
    received = true;
    stopAsking();
  }

  function snapshotOf(to: string | null): LiveSnapshot {
    const refs = plant.pvConfigs().map((config) => config.pvRef);
    const perPv: Array<readonly [string, MaintenanceConfig[]]> = [];
    for (const ref of refs) {
      const configs = domain.maintenance.configs(ref);
      if (configs.length > 0) perPv.push([pvKey(ref), configs]);
    }
    return {
      to,
      values: [...plant.values.all()],
      stations: plant.stations(),
      limits: domain.limits.limitsOf(refs),
      maintenance: perPv,
      plans: domain.remoteAlarm.planInfos(),
      lines: domain.remoteAlarm.lineInfos(),
    };
  }

  function stopAsking(): void {
    if (asking !== null) clearInterval(asking);
    asking = null;
  }

  const unlessOwner =
    <T>(take: (message: T) => void) =>
    (message: T) => {
      if (!owns()) take(message);
    };

  const stops = [
    backplane.subscribe(
      'pv.values',
      unlessOwner((values) => plant.mirror(values, [])),
    ),
    backplane.subscribe(
      'pv.written',
      unlessOwner((value) => plant.mirror([value], [])),
    ),
    backplane.subscribe(
      'stations.changed',
      unlessOwner((stations) => plant.mirror([], stations)),
    ),
    backplane.subscribe('limits.config', unlessOwner(takeLimits)),
    backplane.subscribe('maintenance.config', unlessOwner(takeMaintenance)),
    backplane.subscribe(
      'remoteAlarm.plans',
      unlessOwner((changed) => changed.forEach((plan) => plans.set(planKey(plan), plan))),
    ),
    backplane.subscribe(
      'remoteAlarm.lines',
      unlessOwner((changed) => changed.forEach((line) => lines.set(lineKey(line), line))),
    ),
    backplane.subscribe(
      'mirror.snapshot',
      unlessOwner((snapshot) => {
        if (snapshot.to === null || snapshot.to === origin) takeSnapshot(snapshot);
      }),
    ),
    backplane.subscribe('mirror.request', (request) => {
      if (owns() && request.origin !== origin)
        backplane.publish('mirror.snapshot', snapshotOf(request.origin));
    }),
  ];

  const ask = () => {
    if (owns()) stopAsking();
    else backplane.publish('mirror.request', { origin });
  };

  return {
    limitsOf: (pvs) =>
      owns() ? domain.limits.limitsOf(pvs) : pvs.flatMap((pv) => limits.get(pvKey(pv)) ?? []),
    maintenanceConfigs: (pv) =>
      owns() ? domain.maintenance.configs(pv) : (maintenance.get(pvKey(pv)) ?? []),
    planInfos: () => (owns() ? domain.remoteAlarm.planInfos() : [...plans.values()]),
    lineInfos: () => (owns() ? domain.remoteAlarm.lineInfos() : [...lines.values()]),
    resync() {
      received = false;
      stopAsking();
      ask();
      asking = setInterval(ask, ASK_AGAIN_MS);
      asking.unref();
    },
    publish() {
      if (owns()) backplane.publish('mirror.snapshot', snapshotOf(null));
    },
    synced: () => received,
    stop() {
      stopAsking();
      for (const stop of stops) stop();
    },
  };
}
