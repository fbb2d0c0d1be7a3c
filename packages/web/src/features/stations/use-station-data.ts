import { pvKey, type Alert, type PvConfig, type PvRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { stationPvNodeQuery } from '../../api/pv';
import { allStationsQuery } from '../../api/station';
import { pvHub } from '../../live/pv-hub';
import { stationAlerts } from '../../live/station-alerts';
import { pvConfigListQuery } from '../../lib/pv-config-list';
import { stationRefs } from '../../lib/station-page-data';

/** The station, its PV references from its node of the PV tree, and their configs (batched PV info requests). */
export function useStationData(stationNr: number) {
  const stations = useQuery(allStationsQuery);
  const nodes = useQuery(stationPvNodeQuery(stationNr));
  const refs = useMemo<PvRef[]>(() => stationRefs(nodes.data), [nodes.data]);
  const configs = useQuery({ ...pvConfigListQuery(refs), enabled: nodes.isSuccess });
  const station = stations.data?.find((s) => s.stationNumber === stationNr) ?? null;
  return {
    station,
    stationsLoaded: stations.isSuccess,
    refs,
    configs: configs.data?.configs ?? [],
    isPending: stations.isPending || nodes.isPending || (nodes.isSuccess && configs.isPending),
    error: stations.error ?? nodes.error ?? configs.error,
    refetch: () => {
      void stations.refetch();
      void nodes.refetch();
      void configs.refetch();
    },
  };
}

/** A station's open alerts, most urgent first, following the alert channel. */
export function useStationOpenAlerts(stationNr: number): Alert[] {
  const version = useSyncExternalStore(stationAlerts.subscribe, stationAlerts.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version stands for the alerts' content
  return useMemo(() => stationAlerts.alertsOf(stationNr), [version, stationNr]);
}

/** Config changes pushed since loading (newConfig, a successful priority edit), by PV key. */
export function useConfigOverrides(): ReadonlyMap<string, PvConfig> {
  const list = useSyncExternalStore(
    (l) => pvHub.configs.subscribe(l),
    () => pvHub.configs.all(),
  );
  return useMemo(() => new Map(list.map((c) => [pvKey(c.pvRef), c])), [list]);
}
