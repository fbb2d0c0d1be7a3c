import type { PvAllItem } from '@leitwarte/core';
import { apiRequest } from './http';

/** GET /api/Pv/all: every PV the user may read, with its config and current value. */
export function getAllPvs(signal?: AbortSignal): Promise<PvAllItem[]> {
  return apiRequest<PvAllItem[]>('/api/Pv/all', { signal });
}
