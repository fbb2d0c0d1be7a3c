import type { ProcessValue, PvConfig } from '@leitwarte/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getAllPvs } from '../../api/pv';
import { allStationsQuery } from '../../api/station';
import { pvValueStore } from '../../live/pv-value-store';
import { groupByStation, type StationGroup } from './group-pvs';

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

export interface OverviewData {
  groups: StationGroup[];
  pvs: PvConfig[];
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/** Stations and PV configs of the overview, grouped by station. */
export function useOverviewData(): OverviewData {
  const stations = useQuery(allStationsQuery);
  const pvs = useQuery(pvAllQuery);
  const groups = useMemo(
    () => (stations.data && pvs.data ? groupByStation(stations.data, pvs.data) : []),
    [stations.data, pvs.data],
  );
  const { refetch: refetchStations } = stations;
  const { refetch: refetchPvs } = pvs;
  const refetch = useCallback(() => {
    void refetchStations();
    void refetchPvs();
  }, [refetchStations, refetchPvs]);
  return {
    groups,
    pvs: pvs.data ?? [],
    isPending: stations.isPending || pvs.isPending,
    error: stations.error ?? pvs.error,
    refetch,
  };
}
