import type { Priority } from '@leitwarte/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { allStationsQuery } from '../../api/station';
import { getPriorities } from '../../api/system-config';
import { rightsQuery } from '../../api/user-management';
import { usePvLabels } from '../../lib/use-pv-labels';

/** Priorities 0–9 with name and colour; they change rarely, so they are kept for the session. */
const prioritiesQuery = queryOptions({
  queryKey: ['system-config', 'priorities'] as const,
  queryFn: ({ signal }) => getPriorities(signal),
  staleTime: 5 * 60_000,
});

/**
 * What the alert list shows besides the alerts: priority names and colours, station names, PV
 * names with their EKS, and the user's rights. Each may fail alone; the list then shows numbers and the server decides.
 */
export function useAlertLookups() {
  const priorities = useQuery(prioritiesQuery);
  const stations = useQuery(allStationsQuery);
  const rights = useQuery(rightsQuery);
  const pvLabels = usePvLabels();
  const priorityMap = useMemo(
    () => new Map<number, Priority>((priorities.data ?? []).map((p) => [p.priority, p])),
    [priorities.data],
  );
  const stationNames = useMemo(
    () => new Map<number, string>((stations.data ?? []).map((s) => [s.stationNumber, s.name])),
    [stations.data],
  );
  return { priorities: priorityMap, stationNames, pvLabels, rights: rights.data };
}
