import { pvKey, type PvAllItem, type PvConfig, type PvRef } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { getAllPvs } from '../../../api/pv';

/** A PV to choose in a select: its key (`AnaIn-100001`) and what the user reads. */
export interface PvOption {
  value: string;
  label: string;
}

/** The PVs the user may read; the plant's PV list changes rarely, so five minutes are fresh enough. */
export const plantPvsQuery = queryOptions({
  queryKey: ['pv', 'all'] as const,
  queryFn: ({ signal }): Promise<PvAllItem[]> => getAllPvs(signal),
  staleTime: 5 * 60_000,
});

/** "Name (AnaIn-100001)": names repeat across stations, the key does not. */
export function pvLabel(config: Pick<PvConfig, 'name' | 'pvRef'> | undefined, pv: PvRef): string {
  const key = pvKey(pv);
  return config && config.name.trim() !== '' ? `${config.name} (${key})` : key;
}

/** Select options of PV configs, in the order given. */
export function pvOptionsOf(configs: readonly PvConfig[]): PvOption[] {
  return configs.map((config) => ({ value: pvKey(config.pvRef), label: pvLabel(config, config.pvRef) }));
}

/** PV configs by key. */
export function pvConfigMap(items: readonly PvAllItem[] | undefined): ReadonlyMap<string, PvConfig> {
  return new Map((items ?? []).map((item) => [pvKey(item.config.pvRef), item.config]));
}
