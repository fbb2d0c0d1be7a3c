import type { MapTileLayers } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';

/** GET /api/dashboard/map-tiles: the map types with tiles; they change only with a server restart. */
export const mapTilesQuery = queryOptions({
  queryKey: ['dashboard', 'map-tiles'] as const,
  queryFn: ({ signal }) => apiRequest<MapTileLayers>('/api/dashboard/map-tiles', { signal }),
  staleTime: Infinity,
});
