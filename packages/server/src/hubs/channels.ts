import {
  serverStatusOfSource,
  type AlarmLineInfo,
  type AlarmPlanInfo,
  type LimitConfig,
  type MaintenanceConfig,
  type PvRef,
} from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { Plant } from '../plant/plant.js';
import { createAlertHub } from './alert-hub.js';
import type { Backplane } from './backplane.js';
import { combineHubs } from './combine-hubs.js';
import { createDashboardHub } from './dashboard-hub.js';
import type { HubDomain } from './domain-bridge.js';
import { createEnergyHub } from './energy-hub.js';
import type { HubDefinition } from './hub.js';
import { createPipeLeakageHub } from './pipe-leakage-hub.js';
import { createPvConfigTopics } from './pv-config-topics.js';
import { createPvHub } from './pv-hub.js';
import { createReportDataHub } from './report-data-hub.js';
import { createServerStatusHub } from './server-status-hub.js';
import { createStationAlarmTopics } from './station-alarm-topics.js';
import { createStationHub } from './station-hub.js';
import { createTextMessageHub } from './text-message-hub.js';
import { createVisibility, type Visibility } from '../auth/visibility.js';

/** Where channels are mounted (the hub server). */
export interface ChannelHost {
  add<S>(definition: HubDefinition<S>): void;
}

export interface ChannelDeps {
  plant: Plant;
  rights: Rights;
  backplane: Backplane;
  /** Conflation tick of the pv channel (0: the naive per-change baseline). */
  pvTickMs: number;
  /** Conflation tick of the other channels. */
  tickMs: number;
  /** The plant services; without them only pv (values), station (dial states) and server-status. */
  domain?: HubDomain;
  /**
   * Several processes: where pv and station read the configs, plans and lines they send (the
   * owner's engines, or in the other processes the mirror of them); default the domain.
   */
  live?: ChannelLiveState;
}

/** The current state behind the config, plan and line topics of pv and station. */
export interface ChannelLiveState {
  limitsOf(pvs: readonly PvRef[]): readonly LimitConfig[];
  maintenanceConfigs(pv: PvRef): readonly MaintenanceConfig[];
  planInfos(): readonly AlarmPlanInfo[];
  lineInfos(): readonly AlarmLineInfo[];
}

/** The channels fed by the plant services (alerts, remote alarm, reports, ...): calls §7. */
function addDomainChannels(host: ChannelHost, deps: ChannelDeps, domain: HubDomain, visibility: Visibility) {
  const { plant, backplane, tickMs } = deps;
  host.add(
    createAlertHub({
      backplane,
      visibility,
      openAlerts: () => domain.alerts.openAlerts(),
      pendingStates: () => domain.alerts.pendingStates(),
      tickMs,
    }),
  );
  host.add(
    createPipeLeakageHub({ backplane, visibility, configs: () => domain.pipeLeakage.configs(), tickMs }),
  );
  host.add(createEnergyHub({ backplane, visibility, values: () => domain.energy.values(), tickMs }));
  host.add(createTextMessageHub({ backplane, get: (ids) => domain.textMessages.get(ids), tickMs }));
  host.add(createDashboardHub({ backplane, dashboard: (id) => domain.dashboards.dashboard(id), tickMs }));
  host.add(
    createReportDataHub({
      plant,
      backplane,
      visibility,
      reportPvs: async (): Promise<PvRef[]> =>
        (await domain.reports.configs()).flatMap((r) => r.columns.map((c) => c.dataBinding.pvRef)),
      tickMs,
    }),
  );
}

/**
 * The live channels of calls §7, one HubDefinition per file (hubs/README.md). pv and station
 * get their config, plan and line topics, and the other channels are mounted, when the plant
 * services are given.
 */
export function registerChannels(host: ChannelHost, deps: ChannelDeps): void {
  const { plant, rights, backplane, domain, tickMs } = deps;
  const visibility = createVisibility(plant, rights);
  const pv = createPvHub({ plant, rights, backplane, tickMs: deps.pvTickMs });
  const station = createStationHub({
    backplane,
    stations: () => plant.stations(),
    canReadStation: visibility.station,
    tickMs,
  });
  if (domain === undefined) {
    host.add(pv);
    host.add(station);
  } else {
    const configTopics = createPvConfigTopics({
      plant,
      visibility,
      backplane,
      limitsOf: (pvs) => (deps.live ? deps.live.limitsOf(pvs) : domain.limits.limitsOf(pvs)),
      maintenanceConfigs: (ref) =>
        deps.live ? deps.live.maintenanceConfigs(ref) : domain.maintenance.configs(ref),
      tickMs,
    });
    host.add(combineHubs(pv, configTopics));
    const alarmTopics = createStationAlarmTopics({
      backplane,
      visibility,
      planInfos: () => (deps.live ? deps.live.planInfos() : domain.remoteAlarm.planInfos()),
      lineInfos: () => (deps.live ? deps.live.lineInfos() : domain.remoteAlarm.lineInfos()),
      tickMs,
    });
    host.add(combineHubs(station, alarmTopics));
    addDomainChannels(host, deps, domain, visibility);
  }
  host.add(
    createServerStatusHub({ backplane, current: () => serverStatusOfSource(plant.connectionState()) }),
  );
}

/** Feeds the backplane from the plant: values, stations and the data source's state. */
export function bridgePlant(plant: Plant, backplane: Backplane): () => void {
  const stops = [
    plant.values.onChange((changes) => backplane.publish('pv.values', changes)),
    plant.onStationChange((changed) => backplane.publish('stations.changed', changed)),
    plant.onConnectionState((state) => backplane.publish('server.status', serverStatusOfSource(state))),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
