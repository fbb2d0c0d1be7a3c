import type { AckAlertsReply, AlertsReply, PvRef } from '@leitwarte/core';
import { apiRequest, NETWORK_ERROR, orOnNetworkFailure } from './http';

/**
 * A list range: start and end (ms since the epoch or dates), limit. The server fills in what is
 * left out: end now, start the default alert range (7 days) before end, limit the plant's
 * request limit, which also caps it. Replies carry `total`; remainingCount() gives how many of the
 * range were not loaded.
 */
export interface ListRange {
  start?: number | Date;
  end?: number | Date;
  limit?: number;
}

const ms = (t: number | Date) => (t instanceof Date ? t.getTime() : t);

/** The query string of a list range, with its leading '?' (empty when nothing is given). */
export function listRangeQuery(range: ListRange): string {
  const params = new URLSearchParams();
  if (range.start !== undefined) params.set('start', String(ms(range.start)));
  if (range.end !== undefined) params.set('end', String(ms(range.end)));
  if (range.limit !== undefined) params.set('limit', String(range.limit));
  const query = params.toString();
  return query ? `?${query}` : '';
}

const failed = (error: unknown): AckAlertsReply => {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return {
    status: 'Failed',
    errorMessage: error instanceof Error ? error.message : String(error),
    acknowledged: [],
  };
};

/** GET /api/alerts: the alerts the user may read, newest first, at most limit, with the total. */
export function getAlerts(range: ListRange = {}, signal?: AbortSignal): Promise<AlertsReply> {
  return apiRequest<AlertsReply>(`/api/alerts${listRangeQuery(range)}`, { signal });
}

/** POST /api/alerts/bypvs: the alerts of these PVs (those the user may read), newest first. */
export function getAlertsByPvs(pvs: readonly PvRef[], range: ListRange = {}, signal?: AbortSignal) {
  return apiRequest<AlertsReply>(`/api/alerts/bypvs${listRangeQuery(range)}`, {
    method: 'POST',
    body: pvs,
    signal,
  });
}

/**
 * POST /api/alerts/ack: acknowledges these alerts (all or none); the reply lists those this call
 * acknowledged. Failures come back as status Failed with the error text.
 */
export async function acknowledgeAlerts(alerts: readonly { id: number }[]): Promise<AckAlertsReply> {
  try {
    return await apiRequest<AckAlertsReply>('/api/alerts/ack', {
      method: 'POST',
      body: alerts.map(({ id }) => ({ id })),
    });
  } catch (error) {
    return failed(error);
  }
}

/**
 * POST /api/alerts/ack-all: acknowledges every alert the user may acknowledge. Status
 * Unauthorized when he may acknowledge none; a network failure is Failed with 'Netzwerkfehler'.
 */
export async function acknowledgeAllAlerts(): Promise<AckAlertsReply> {
  try {
    return await orOnNetworkFailure(
      apiRequest<AckAlertsReply>('/api/alerts/ack-all', { method: 'POST' }),
      () => ({
        status: 'Failed',
        errorMessage: NETWORK_ERROR,
        acknowledged: [],
      }),
    );
  } catch (error) {
    return failed(error);
  }
}

/** DELETE /api/alerts: deletes the closed ones of these alerts; the reply lists those deleted. */
export function deleteAlerts(alerts: readonly { id: number }[]): Promise<{ id: number }[]> {
  return apiRequest<{ id: number }[]>('/api/alerts', {
    method: 'DELETE',
    body: alerts.map(({ id }) => ({ id })),
  });
}
