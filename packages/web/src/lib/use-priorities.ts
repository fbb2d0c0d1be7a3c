import { argbToCss } from '@leitwarte/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { systemConfigQuery } from '../api/system-config';

export interface PriorityLook {
  name: string;
  color: string;
}

/** Name and CSS colour of each priority from the system config (screens §3 "Priority"). */
export function usePriorities(): ReadonlyMap<number, PriorityLook> {
  const { data } = useQuery(systemConfigQuery);
  return useMemo(
    () =>
      new Map((data?.priorities ?? []).map((p) => [p.priority, { name: p.name, color: argbToCss(p.color) }])),
    [data],
  );
}
