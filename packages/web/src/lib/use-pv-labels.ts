import { pvKey } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pvNodesQuery } from '../api/pv';

/** A PV as lists name it: its plant name and its EKS number. */
export interface PvLabel {
  name: string;
  eks: string;
}

/**
 * Plant names and EKS numbers by PV key (`AnaIn-100001`), from the PV tree. Empty while it loads
 * or when it fails: lists then show the keys.
 */
export function usePvLabels(): ReadonlyMap<string, PvLabel> {
  const nodes = useQuery(pvNodesQuery);
  return useMemo(() => {
    const labels = new Map<string, PvLabel>();
    for (const node of nodes.data ?? [])
      for (const group of node.groups)
        for (const pv of group.pvs) labels.set(pvKey(pv.pvRef), { name: pv.name, eks: pv.eks });
    return labels;
  }, [nodes.data]);
}
