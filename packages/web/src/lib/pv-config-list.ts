import { pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { requestPvConfig } from '../api/pv';

export interface PvConfigList {
  configs: PvConfig[];
  missing: PvRef[];
}

/**
 * Configs of a list of PVs through the batched PV info requests (calls §9: collected for 50 ms,
 * ≤ 1024 per call), in the order asked; PVs without a config are listed as missing.
 */
export function pvConfigListQuery(refs: readonly PvRef[]) {
  return queryOptions({
    queryKey: ['pv', 'configs', refs.map(pvKey).join(',')] as const,
    queryFn: async (): Promise<PvConfigList> => {
      const results = await Promise.allSettled(refs.map((ref) => requestPvConfig(ref)));
      const configs: PvConfig[] = [];
      const missing: PvRef[] = [];
      refs.forEach((ref, i) => {
        const result = results[i];
        if (result?.status === 'fulfilled') configs.push(result.value);
        else missing.push(ref);
      });
      return { configs, missing };
    },
  });
}
