import type { ControlEventsReply } from '@leitwarte/core';
import { listRangeQuery, type ListRange } from './alerts';
import { apiRequest } from './http';

/**
 * GET /api/controlevent/events: audit entries and system events, newest first, at most limit
 * (capped by the plant's event request limit), with the total of the range.
 */
export function getControlEvents(range: ListRange = {}, signal?: AbortSignal): Promise<ControlEventsReply> {
  return apiRequest<ControlEventsReply>(`/api/controlevent/events${listRangeQuery(range)}`, { signal });
}
