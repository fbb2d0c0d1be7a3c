import { parsePvKey, type Alert, type PendingAlertState, type PvRef } from '@leitwarte/core';
import type { Rights } from './rights.js';
import type { SessionPrincipal } from './session-gate.js';
import type { Plant } from '../plant/plant.js';

/** Who may see what on the live channels; rights are per PV, everything else derives from them. */
export interface Visibility {
  pv(principal: SessionPrincipal, ref: PvRef): boolean;
  /** A station's state: whoever may read one of its PVs. */
  station(principal: SessionPrincipal, stationNumber: number): boolean;
  /**
   * Objects bound to no PV and no station (pipe-leakage zones, alert links): whoever may read
   * the plant's PVs at all (the first PV stands for them).
   */
  plant(principal: SessionPrincipal): boolean;
  /** An alert by its PV; without one by its station; without both like a plant-wide object. */
  alert(principal: SessionPrincipal, alert: Alert): boolean;
  /** A binding of newPendingAlerts by its kind and key. */
  binding(principal: SessionPrincipal, state: PendingAlertState): boolean;
}

export function createVisibility(plant: Plant, rights: Rights): Visibility {
  let probe: Map<number, PvRef> | null = null;
  let first: PvRef | null = null;
  const probes = () => {
    if (probe === null) {
      probe = new Map();
      for (const config of plant.pvConfigs()) {
        first ??= config.pvRef;
        const station = plant.stationOf(config.pvRef);
        if (station !== null && !probe.has(station)) probe.set(station, config.pvRef);
      }
    }
    return probe;
  };
  const station = (principal: SessionPrincipal, stationNumber: number): boolean => {
    // A station without PVs is asked for as its first station-encoded reference.
    const ref = probes().get(stationNumber) ?? { type: 'AnaIn', nr: stationNumber * 100_000 };
    return rights.canReadPv(principal, ref);
  };
  const plantWide = (principal: SessionPrincipal): boolean => {
    probes();
    return first !== null && rights.canReadPv(principal, first);
  };
  const pv = (principal: SessionPrincipal, ref: PvRef) => rights.canReadPv(principal, ref);
  return {
    pv,
    station,
    plant: plantWide,
    alert(principal, alert) {
      if (alert.pv !== null) return pv(principal, alert.pv);
      if (alert.station !== null) return station(principal, alert.station);
      return plantWide(principal);
    },
    binding(principal, { kind, key }) {
      if (kind === 'device') {
        // Service messages bind to `Type-nr-suffix`: the PV is the part before the suffix.
        const ref = parsePvKey(key) ?? parsePvKey(key.slice(0, key.lastIndexOf('-')));
        return ref !== null && pv(principal, ref);
      }
      if (kind === 'stationConnection' || kind === 'stationLineConnection') {
        const number = Number.parseInt(key, 10);
        return Number.isSafeInteger(number) && station(principal, number);
      }
      return plantWide(principal);
    },
  };
}
