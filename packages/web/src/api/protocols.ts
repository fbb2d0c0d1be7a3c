import type { RuebConfig, RuebEvent, SebamConfig } from '@leitwarte/core';
import { apiRequest } from './http';
import { load, type LoadReply } from './remote-alert';

/** Catalogue texts of the RÜB calls (calls §8). */
export const GET_RUEB_CONFIGS_ERROR = 'Error during get rueb configs.';
export const GET_RUEB_EVENTS_ERROR = 'Error during get rueb events.';

/** Station number of the events call that asks for every readable station. */
export const ALL_RUEB_STATIONS = -1;

/** GET /api/RuebProtocol/ruebconfigs: the stormwater overflow basins of the readable stations. */
export function getRuebConfigs(signal?: AbortSignal): Promise<LoadReply<RuebConfig[]>> {
  return load(apiRequest<RuebConfig[]>('/api/RuebProtocol/ruebconfigs', { signal }), GET_RUEB_CONFIGS_ERROR);
}

/**
 * GET /api/RuebProtocol/ruebevents/{station}/{year}/{month}: overflow events that started in the
 * month (1–12; 0 for the whole year) at a station (ALL_RUEB_STATIONS for every readable one).
 */
export function getRuebEvents(
  stationNr: number,
  year: number,
  month: number,
  signal?: AbortSignal,
): Promise<LoadReply<RuebEvent[]>> {
  const path = `/api/RuebProtocol/ruebevents/${stationNr}/${year}/${month}`;
  return load(apiRequest<RuebEvent[]>(path, { signal }), GET_RUEB_EVENTS_ERROR);
}

/** GET /api/Sebam/configs: the Sebam configs of the readable stations. */
export function getSebamConfigs(signal?: AbortSignal): Promise<SebamConfig[]> {
  return apiRequest<SebamConfig[]>('/api/Sebam/configs', { signal });
}
