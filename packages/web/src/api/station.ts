import type { PriorityOutputOptions, Station, StationCallAction, StationCallReply } from '@leitwarte/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, networkErrorWithCause, orOnNetworkFailure } from './http';

/** GET /api/station/GetAllStations: the stations the user may see. */
export function getAllStations(signal?: AbortSignal): Promise<Station[]> {
  return apiRequest<Station[]>('/api/station/GetAllStations', { signal });
}

export const allStationsQuery = queryOptions({
  queryKey: ['station', 'all'] as const,
  queryFn: ({ signal }) => getAllStations(signal),
});

const failedCall = (errorMessage: string): StationCallReply => ({
  status: 'Failed',
  missing: [],
  notCallable: [],
  unauthorized: [],
  errorMessage,
});

/**
 * POST /api/station/call: connects, disconnects or queries the status of stations. A network
 * failure answers 'Netzwerkfehler: ' plus the cause (calls §8), another failure its error text.
 */
export async function callStations(
  action: StationCallAction,
  stations: readonly number[],
): Promise<StationCallReply> {
  try {
    return await orOnNetworkFailure(
      apiRequest<StationCallReply>('/api/station/call', { method: 'POST', body: { action, stations } }),
      (error) => failedCall(networkErrorWithCause(error)),
    );
  } catch (error) {
    if (error instanceof ApiError) return failedCall(error.message);
    throw error;
  }
}

/** GET /api/station/AckPriorityOutputOptions: stations and PV areas whose priority outputs the user may acknowledge. */
export function getPriorityOutputOptions(signal?: AbortSignal): Promise<PriorityOutputOptions> {
  return apiRequest<PriorityOutputOptions>('/api/station/AckPriorityOutputOptions', { signal });
}
