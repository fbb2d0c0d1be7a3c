import { pvKey, type ProcessValue, type PvConfig, type Station } from '@leitwarte/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getAllPvs, pvNodesQuery } from '../../api/pv';
import { allStationsQuery } from '../../api/station';
import { pvValueStore } from '../../live/pv-value-store';
import { pvConfigListQuery } from '../../lib/pv-config-list';
import { blockingError } from '../../lib/query-state';
import { groupByStation, stationsOfPvs, type StationGroup } from './group-pvs';

// The snapshot's values go into the value store before React sees the configs, so every value cell
// renders its reading on first paint; later the live channel keeps the store current.
const pvAllQuery = queryOptions({
  queryKey: ['pv', 'all'] as const,
  queryFn: async ({ signal }) => {
    const items = await getAllPvs(signal);
    pvValueStore.seed(items.flatMap((item): ProcessValue[] => (item.value ? [item.value] : [])));
    return items.map((item): PvConfig => item.config);
  },
});

const NO_CONFIGS: PvConfig[] = [];

export interface OverviewData {
  groups: StationGroup[];
  pvs: PvConfig[];
  isPending: boolean;
  /** The tiles show before their key values' configs are in; these are still loading. */
  keyValuesPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * Stations and PV configs of the overview, grouped by station. The tiles need only the stations'
 * key values: their configs come through the batched PV info requests and their values from
 * the PV channel right after subscribing, so the tiles of 1,000 stations do not wait for all
 * 100,000 PVs. The full list (`all`) loads every PV with its value, and the PV tree places
 * counters, runtimes and other PVs whose number names no station under their station.
 */
export function useOverviewData(all: boolean): OverviewData {
  const stations = useQuery(allStationsQuery);
  const pvs = useQuery({ ...pvAllQuery, enabled: all });
  const nodes = useQuery({ ...pvNodesQuery, enabled: all });
  const keyRefs = useMemo(() => stations.data?.flatMap((s) => s.keyValues) ?? [], [stations.data]);
  const keyConfigs = useQuery({ ...pvConfigListQuery(keyRefs), enabled: !all && stations.isSuccess });
  const stationOf = useMemo(() => {
    if (!all) return keyValueStations(stations.data ?? []);
    return nodes.data ? stationsOfPvs(nodes.data) : undefined;
  }, [all, stations.data, nodes.data]);
  const configs = all ? pvs.data : (keyConfigs.data?.configs ?? NO_CONFIGS);
  const groups = useMemo(
    () => (stations.data && configs ? groupByStation(stations.data, configs, stationOf) : []),
    [stations.data, configs, stationOf],
  );
  const { refetch: refetchStations } = stations;
  const { refetch: refetchPvs } = pvs;
  const { refetch: refetchKeyConfigs } = keyConfigs;
  const refetch = useCallback(() => {
    void refetchStations();
    if (all) void refetchPvs();
    else void refetchKeyConfigs();
  }, [all, refetchStations, refetchPvs, refetchKeyConfigs]);
  return {
    groups,
    pvs: configs ?? [],
    // The tiles show as soon as the stations are in; the full list waits for its PVs.
    isPending: stations.isPending || (all && stations.isSuccess && pvs.isPending),
    keyValuesPending: !all && keyConfigs.isPending,
    error: blockingError(stations) ?? (all ? blockingError(pvs) : blockingError(keyConfigs)),
    refetch,
  };
}

/** The station of each key value, by PV key (the first station that names it). */
function keyValueStations(stations: readonly Station[]): Map<string, number> {
  const result = new Map<string, number>();
  for (const station of stations)
    for (const ref of station.keyValues) {
      const key = pvKey(ref);
      if (!result.has(key)) result.set(key, station.stationNumber);
    }
  return result;
}
