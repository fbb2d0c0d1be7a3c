import type { PipeLeakageConfig } from '@leitwarte/core';
import { apiRequest } from './http';

/** A pipe-leakage measurement with the station of its flow PV. */
export type StationPipeLeakage = PipeLeakageConfig & { stationNr: number };

/** GET /api/PipeLeakage/configs?stationNr=: a station's pipe-leakage measurements the user may read. */
export function getStationPipeLeakage(
  stationNr: number,
  signal?: AbortSignal,
): Promise<StationPipeLeakage[]> {
  return apiRequest<StationPipeLeakage[]>(`/api/PipeLeakage/configs?stationNr=${stationNr}`, { signal });
}
