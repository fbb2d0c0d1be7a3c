import { decodePvNr, pvKey, type PvConfig, type PvNode, type Station } from '@leitwarte/core';

/** One card of the overview: a station with its PVs, or the PVs that belong to no known station. */
export interface StationGroup {
  key: string;
  station: Station | null;
  pvs: PvConfig[];
}

/** The station of each PV as the PV tree places it (counters and runtimes included), by PV key. */
export function stationsOfPvs(nodes: readonly PvNode[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const node of nodes)
    for (const group of node.groups)
      for (const pv of group.pvs) result.set(pvKey(pv.pvRef), node.stationNumber);
  return result;
}

/**
 * Groups PVs under their station: where the PV tree is given, as it places them; otherwise by
 * number (screens §3: station = floor(nr / 100000) for AnaIn, AnaOut, DigiIn, DigiOut). PVs of no
 * known station go into one trailing group.
 */
export function groupByStation(
  stations: readonly Station[],
  pvs: readonly PvConfig[],
  stationOf?: ReadonlyMap<string, number>,
): StationGroup[] {
  const groups = new Map<number, StationGroup>();
  for (const station of stations) {
    groups.set(station.stationNumber, { key: `station-${station.stationNumber}`, station, pvs: [] });
  }
  const other: StationGroup = { key: 'other', station: null, pvs: [] };
  for (const pv of pvs) {
    const station = stationOf?.get(pvKey(pv.pvRef)) ?? decodePvNr(pv.pvRef).station;
    const group = station === null ? undefined : groups.get(station);
    (group ?? other).pvs.push(pv);
  }
  const result = [...groups.values()];
  if (other.pvs.length > 0) result.push(other);
  return result;
}

/** Filter text compared case-insensitively with whitespace collapsed (screens §5). */
export function normalise(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Keeps stations whose name or kind matches (with all their PVs) and, elsewhere, the PVs whose name or
 * EKS matches. An empty filter keeps everything.
 */
export function filterGroups(groups: readonly StationGroup[], query: string): StationGroup[] {
  const needle = normalise(query);
  if (!needle) return [...groups];
  const result: StationGroup[] = [];
  for (const group of groups) {
    const station = group.station;
    if (station && (normalise(station.name).includes(needle) || normalise(station.kind).includes(needle))) {
      result.push(group);
      continue;
    }
    const pvs = group.pvs.filter(
      (pv) => normalise(pv.name).includes(needle) || normalise(pv.eksNr).includes(needle),
    );
    if (pvs.length > 0) result.push({ ...group, pvs });
  }
  return result;
}
