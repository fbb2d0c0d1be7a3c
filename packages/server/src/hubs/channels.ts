import { serverStatusOfSource, type PvRef } from '@leitwarte/core';
import type { Rights } from '../auth/rights.js';
import type { SessionPrincipal } from '../auth/session-gate.js';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';
import type { HubDefinition } from './hub.js';
import { createPvHub } from './pv-hub.js';
import { createServerStatusHub } from './server-status-hub.js';
import { createStationHub } from './station-hub.js';

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
}

/**
 * Who may see a station's dial state: whoever may read one of its PVs (rights are per PV; a
 * station without PVs is asked for as its first station-encoded reference).
 */
function stationReader(plant: Plant, rights: Rights) {
  let probe: Map<number, PvRef> | null = null;
  return (principal: SessionPrincipal, stationNumber: number): boolean => {
    if (probe === null) {
      probe = new Map();
      for (const config of plant.pvConfigs()) {
        const station = plant.stationOf(config.pvRef);
        if (station !== null && !probe.has(station)) probe.set(station, config.pvRef);
      }
    }
    const ref = probe.get(stationNumber) ?? { type: 'AnaIn', nr: stationNumber * 100_000 };
    return rights.canReadPv(principal, ref);
  };
}

/**
 * The live channels of calls §7, one HubDefinition per file. Mounted today: pv, station,
 * server-status. alert, pipeleakage, reportdata, dashboard, visu-text-message and energy-opt
 * are added here once the plant services that produce their events exist (hubs/README.md).
 */
export function registerChannels(host: ChannelHost, deps: ChannelDeps): void {
  const { plant, rights, backplane } = deps;
  host.add(createPvHub({ plant, rights, backplane, tickMs: deps.pvTickMs }));
  host.add(
    createStationHub({
      backplane,
      stations: () => plant.stations(),
      canReadStation: stationReader(plant, rights),
      tickMs: deps.tickMs,
    }),
  );
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
