import { pvKey, type Alert, type PvConfig, type PvRef } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { getAllPvNodes } from '../../api/pv';
import { allStationsQuery } from '../../api/station';
import { pvHub } from '../../live/pv-hub';
import { stationAlerts } from '../../live/station-alerts';
import { pvConfigListQuery } from '../../lib/pv-config-list';

const pvNodesQuery = {
  queryKey: ['pv', 'nodes'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getAllPvNodes(signal),
};

/** The station, its PV references from the PV tree, and their configs (batched PV info requests). */
export function useStationData(stationNr: number) {
  const stations = useQuery(allStationsQuery);
  const nodes = useQuery(pvNodesQuery);
  const refs = useMemo<PvRef[]>(() => {
    const node = nodes.data?.find((n) => n.stationNumber === stationNr);
    return node
      ? node.groups.flatMap((g) => g.pvs.map((pv) => ({ type: pv.pvRef.type, nr: pv.pvRef.nr })))
      : [];
  }, [nodes.data, stationNr]);
  const configs = useQuery({ ...pvConfigListQuery(refs), enabled: nodes.isSuccess });
  const station = stations.data?.find((s) => s.stationNumber === stationNr) ?? null;
  return {
    station,
    stationsLoaded: stations.isSuccess,
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

/** Subscribes the PVs on the PV channel while mounted; the current values come right after. */
export function useLiveConfigs(configs: readonly PvConfig[]): void {
  const signature = configs.map((c) => pvKey(c.pvRef)).join(',');
  useEffect(() => pvHub.acquire(), []);
  useEffect(() => {
    const refs = configs.map((c) => ({ type: c.pvRef.type, nr: c.pvRef.nr }));
    if (refs.length === 0) return undefined;
    pvHub.subscribe(refs).catch(() => {});
    return () => pvHub.unsubscribe(refs);
    // Keyed by the signature: a reload with the same PVs subscribes nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
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
