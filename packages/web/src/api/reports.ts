import type {
  ManualInputItem,
  ManualInputReply,
  ReportConfig,
  ReportConfigKind,
  ReportData,
} from '@leitwarte/core';
import { apiRequest, ApiError, NETWORK_ERROR, NetworkError } from './http';

/** GET /api/Report/configs: every report the user may read. */
export function getReportConfigs(signal?: AbortSignal): Promise<ReportConfig[]> {
  return apiRequest<ReportConfig[]>('/api/Report/configs', { signal });
}

/** GET /api/Report/configs/{id}: one report config. */
export function getReportConfig(id: number, signal?: AbortSignal): Promise<ReportConfig> {
  return apiRequest<ReportConfig>(`/api/Report/configs/${id}`, { signal });
}

/** GET /api/Report/data/{configId}/{kind}?date=yyyy-MM-dd: the report data of a date (calls §9). */
export function getReportData(
  configId: number,
  kind: ReportConfigKind,
  date: string,
  signal?: AbortSignal,
): Promise<ReportData> {
  return apiRequest<ReportData>(`/api/Report/data/${configId}/${kind}?date=${encodeURIComponent(date)}`, {
    signal,
  });
}

/**
 * POST /api/Report/data/{configId}/{kind}/manual-input?date=: saves manual inputs, all or none.
 * A refused call gives status Failed with the server's error text, a network failure 'Netzwerkfehler'.
 */
export async function saveManualInputs(
  configId: number,
  kind: ReportConfigKind,
  date: string,
  items: readonly ManualInputItem[],
): Promise<ManualInputReply> {
  try {
    return await apiRequest<ManualInputReply>(
      `/api/Report/data/${configId}/${kind}/manual-input?date=${encodeURIComponent(date)}`,
      { method: 'POST', body: items },
    );
  } catch (error) {
    if (error instanceof NetworkError) return { status: 'Failed', errorMessage: NETWORK_ERROR };
    if (error instanceof ApiError) return { status: 'Failed', errorMessage: error.message };
    throw error;
  }
}
