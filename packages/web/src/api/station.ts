import type { Station } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/station/GetAllStations: the stations the user may see. */
export function getAllStations(signal?: AbortSignal): Promise<Station[]> {
  return apiRequest<Station[]>('/api/station/GetAllStations', { signal });
}

export const allStationsQuery = queryOptions({
  queryKey: ['station', 'all'] as const,
  queryFn: ({ signal }) => getAllStations(signal),
});
