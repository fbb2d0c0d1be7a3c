import type { PlantInfoReply } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/plant/info: plant ID, name, operator, client, provider, company, public authority, version. */
export function getPlantInfo(signal?: AbortSignal): Promise<PlantInfoReply> {
  return apiRequest<PlantInfoReply>('/api/plant/info', { signal });
}

/** About this plant; it changes only with a new plant definition, so it is kept for the session. */
export const plantInfoQuery = queryOptions({
  queryKey: ['plant', 'info'] as const,
  queryFn: ({ signal }) => getPlantInfo(signal),
  staleTime: Infinity,
});
