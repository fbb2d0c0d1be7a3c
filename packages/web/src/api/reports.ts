import type {
  ExportSettings,
  ManualInputItem,
  ManualInputReply,
  ReportConfig,
  ReportConfigKind,
  ReportData,
  ReportExportFormat,
  ScheduledExport,
  ScheduledExportInput,
} from '@leitwarte/core';
import { fileNameOf } from './charts';
import { apiRequest, apiResponse, ApiError, NETWORK_ERROR, NetworkError } from './http';

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

/** What an export gives: the file (name from content-disposition) or why it failed. */
export type ReportExportResult =
  { status: 'Success'; fileName: string; blob: Blob } | { status: 'Failed'; errorMessage: string };

/** The address of a report's export, without its parameters (date, format). */
export const reportExportPath = (configId: number, kind: ReportConfigKind) =>
  `/api/Report/export/${configId}/${kind}`;

/** GET /api/Report/export/{configId}/{kind}?date=&format=: the report as a file made on the server. */
export async function exportReport(
  configId: number,
  kind: ReportConfigKind,
  date: string,
  format: ReportExportFormat,
): Promise<ReportExportResult> {
  const path = `${reportExportPath(configId, kind)}?date=${encodeURIComponent(date)}&format=${format}`;
  try {
    const response = await apiResponse(path, {}, '*/*');
    return {
      status: 'Success',
      fileName: fileNameOf(response.headers.get('content-disposition'), `Bericht_${date}.${format}`),
      blob: await response.blob(),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { status: 'Failed', errorMessage: NETWORK_ERROR };
    if (error instanceof ApiError) return { status: 'Failed', errorMessage: error.message };
    throw error;
  }
}

/** GET /api/account/report-export-settings: the own export defaults. */
export function getExportSettings(signal?: AbortSignal): Promise<ExportSettings> {
  return apiRequest<ExportSettings>('/api/account/report-export-settings', { signal });
}

/** PUT /api/account/report-export-settings: saves the own export defaults. */
export function saveExportSettings(settings: ExportSettings): Promise<ExportSettings> {
  return apiRequest<ExportSettings>('/api/account/report-export-settings', { method: 'PUT', body: settings });
}

/** GET /api/Report/scheduled-exports: the own scheduled exports with their latest runs. */
export function getScheduledExports(signal?: AbortSignal): Promise<ScheduledExport[]> {
  return apiRequest<ScheduledExport[]>('/api/Report/scheduled-exports', { signal });
}

/** POST /api/Report/scheduled-exports: sets up a scheduled export. */
export function createScheduledExport(input: ScheduledExportInput): Promise<ScheduledExport> {
  return apiRequest<ScheduledExport>('/api/Report/scheduled-exports', { method: 'POST', body: input });
}

/** DELETE /api/Report/scheduled-exports/{id}: removes one of the own scheduled exports. */
export async function deleteScheduledExport(id: number): Promise<void> {
  await apiRequest<unknown>(`/api/Report/scheduled-exports/${id}`, { method: 'DELETE' });
}
