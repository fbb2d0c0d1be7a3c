import {
  documentFilePath,
  OVERVIEW_COMPARE_PATH,
  OVERVIEW_PV_PATH,
  overviewStationPath,
  RUNTIME_RATES_PATH,
  SWITCHING_PROGRAMS_PATH,
  UPLOAD_CANCELLED,
  UPLOAD_TOKEN_HEADER,
  type SwitchingProgram,
  type DatasheetDataItem,
  type DatasheetDocument,
  type DatasheetPart,
  type DocType,
  type LifecycleBulkSave,
  type LifecycleBulkSaveReply,
  type LifecycleEntry,
  type LifecycleEntryInput,
  type MaintenanceNotification,
  type MaintenanceProtocolRow,
  type PvRef,
  type RuntimeRate,
  type UploadTokenReply,
} from '@leitwarte/core';
import { fileNameOf } from './charts';
import { ApiError, apiRequest, apiResponse, apiUrl, NETWORK_ERROR, NetworkError } from './http';
import { replyMessage, sendMultipart, type UploadOutcome, type UploadProgress } from './upload';

const pvQuery = (pv: PvRef) => `pvType=${encodeURIComponent(pv.type)}&pvNr=${pv.nr}`;

/** The text of a failed write: the network text, or the server's message (calls §8 "error text"). */
const failureText = (error: unknown) =>
  error instanceof NetworkError ? NETWORK_ERROR : error instanceof Error ? error.message : String(error);

/** GET /api/maintenance/descriptions: the description texts to choose from. */
export function getMaintenanceDescriptions(signal?: AbortSignal): Promise<string[]> {
  return apiRequest('/api/maintenance/descriptions', { signal });
}

/** GET /api/maintenance/notifications: of a runtime or machine PV, or of every readable runtime. */
export function getMaintenanceNotifications(
  pv?: PvRef,
  signal?: AbortSignal,
): Promise<MaintenanceNotification[]> {
  return apiRequest(`/api/maintenance/notifications${pv ? `?${pvQuery(pv)}` : ''}`, { signal });
}

/** GET /api/maintenance/machine-lifecycle: the life-cycle entries of a machine, newest first. */
export function getMachineLifecycle(pv: PvRef, signal?: AbortSignal): Promise<LifecycleEntry[]> {
  return apiRequest(`/api/maintenance/machine-lifecycle?${pvQuery(pv)}`, { signal });
}

/** Result of adding one life-cycle entry. */
export type CreateLifecycleEntryResult =
  { status: 'Success'; entry: LifecycleEntry } | { status: 'Failed'; errorMessage: string };

/** POST /api/maintenance/machine-lifecycle/entry: adds one entry; the time is sent as milliseconds. */
export async function createLifecycleEntry(
  entry: Omit<LifecycleEntryInput, 'maintenanceTimestamp'> & { maintenanceTimestamp: number | Date },
): Promise<CreateLifecycleEntryResult> {
  const body = { ...entry, maintenanceTimestamp: +entry.maintenanceTimestamp };
  try {
    const created = await apiRequest<LifecycleEntry>('/api/maintenance/machine-lifecycle/entry', {
      method: 'POST',
      body,
    });
    return { status: 'Success', entry: created };
  } catch (error) {
    return { status: 'Failed', errorMessage: failureText(error) };
  }
}

/** POST /api/maintenance/machine-lifecycle: creates, updates and deletes entries together. */
export async function saveMachineLifecycle(request: LifecycleBulkSave): Promise<LifecycleBulkSaveReply> {
  try {
    return await apiRequest<LifecycleBulkSaveReply>('/api/maintenance/machine-lifecycle', {
      method: 'POST',
      body: request,
    });
  } catch (error) {
    return { created: [], updated: [], deletedIds: [], status: 'Failed', errorMessage: failureText(error) };
  }
}

/** GET /api/maintenance/datasheets/docs: the documents of a machine data sheet. */
export function getDatasheetDocuments(pv: PvRef, signal?: AbortSignal): Promise<DatasheetDocument[]> {
  return apiRequest(`/api/maintenance/datasheets/docs?${pvQuery(pv)}`, { signal });
}

/** GET /api/maintenance/datasheets/data: the technical data of a machine data sheet. */
export function getDatasheetData(pv: PvRef, signal?: AbortSignal): Promise<DatasheetDataItem[]> {
  return apiRequest(`/api/maintenance/datasheets/data?${pvQuery(pv)}`, { signal });
}

/** GET /api/maintenance/datasheets/parts: the spare parts of a machine data sheet. */
export function getDatasheetParts(pv: PvRef, signal?: AbortSignal): Promise<DatasheetPart[]> {
  return apiRequest(`/api/maintenance/datasheets/parts?${pvQuery(pv)}`, { signal });
}

/** Address of a stored document's file, served as an attachment (for a download link). */
export function datasheetDocumentFileUrl(documentId: number): string {
  return apiUrl(documentFilePath(documentId));
}

/** Overview protocol of a station; -1 for all stations (screens §7). */
export function getOverviewByStation(
  stationNr: number,
  signal?: AbortSignal,
): Promise<MaintenanceProtocolRow[]> {
  return apiRequest(overviewStationPath(stationNr), { signal });
}

/** Overview protocol of runtimes whose remaining runtime is below a compare value (screens §7). */
export function getOverviewByCompareValue(
  stationNr: number,
  compareValue: number,
  isPercent: boolean,
  signal?: AbortSignal,
): Promise<MaintenanceProtocolRow[]> {
  const query = `stationNr=${stationNr}&compareValue=${compareValue}&isPercent=${isPercent}`;
  return apiRequest(`${OVERVIEW_COMPARE_PATH}?${query}`, { signal });
}

/** Overview protocol of a PV, a runtime or a machine (screens §7). */
export function getOverviewOfPv(pv: PvRef, signal?: AbortSignal): Promise<MaintenanceProtocolRow[]> {
  return apiRequest(`${OVERVIEW_PV_PATH}?${pvQuery(pv)}`, { signal });
}

/** GET /api/maintenance/runtime-rates: hours or cycles per day of every readable runtime (last 30 days). */
export function getRuntimeRates(signal?: AbortSignal): Promise<RuntimeRate[]> {
  return apiRequest(RUNTIME_RATES_PATH, { signal });
}

/** GET /api/maintenance/switching-programs: the weekly switching programs of a station's machines (-1: all). */
export function getSwitchingPrograms(stationNr: number, signal?: AbortSignal): Promise<SwitchingProgram[]> {
  return apiRequest(`${SWITCHING_PROGRAMS_PATH}?stationNr=${stationNr}`, { signal });
}

/** Which overview protocol an export is of, with its inputs (screens §7). */
export type MaintenanceReportSelection =
  | { mode: 'station'; stationNr: number }
  | { mode: 'compare'; stationNr: number; compareValue: number; isPercent: boolean }
  | { mode: 'pv'; pv: PvRef };

/** What an export gives: the file (name from content-disposition) or why it failed. */
export type MaintenanceExportResult =
  { status: 'Success'; fileName: string; blob: Blob } | { status: 'Failed'; errorMessage: string };

/** GET /api/maintenance/report.xlsx: the overview protocol as an XLSX file made on the server. */
export async function exportMaintenanceReport(
  selection: MaintenanceReportSelection,
): Promise<MaintenanceExportResult> {
  let query = `mode=${selection.mode}`;
  if (selection.mode === 'pv') query += `&${pvQuery(selection.pv)}`;
  else query += `&stationNr=${selection.stationNr}`;
  if (selection.mode === 'compare')
    query += `&compareValue=${selection.compareValue}&isPercent=${selection.isPercent}`;
  try {
    const response = await apiResponse(`/api/maintenance/report.xlsx?${query}`, {}, '*/*');
    return {
      status: 'Success',
      fileName: fileNameOf(response.headers.get('content-disposition'), 'Wartungsprotokoll.xlsx'),
      blob: await response.blob(),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { status: 'Failed', errorMessage: NETWORK_ERROR };
    if (error instanceof ApiError) return { status: 'Failed', errorMessage: error.message };
    throw error;
  }
}

/** POST /api/maintenance/datasheets/docs/token: a single-use token for one upload (calls §7). */
export function requestUploadToken(signal?: AbortSignal): Promise<UploadTokenReply> {
  return apiRequest('/api/maintenance/datasheets/docs/token', { method: 'POST', signal });
}

/** The external document form (calls §3): description, docType, optional target, file for File. */
export interface ExternalDocumentInput {
  description: string;
  docType: DocType;
  target?: string;
  file?: Blob & { name?: string };
}

/** The multipart body of calls §5: the file only for docType File when there is one; target only if present. */
export function documentFormData(input: ExternalDocumentInput): FormData {
  const data = new FormData();
  data.append('description', input.description);
  data.append('docType', input.docType);
  if (input.target !== undefined && input.target !== '') data.append('target', input.target);
  if (input.docType === 'File' && input.file) data.append('file', input.file, input.file.name ?? 'Dokument');
  return data;
}

/** How a document upload ended. */
export type DocumentUploadResult =
  | { status: 'Success'; document: DatasheetDocument }
  | { status: 'Failed'; errorMessage: string }
  | { status: 'Cancelled'; errorMessage: typeof UPLOAD_CANCELLED };

/** The result of an upload's outcome: the stored document, the server's text, or cancelled. */
export function documentUploadResult(outcome: UploadOutcome): DocumentUploadResult {
  if (outcome.kind === 'cancelled') return { status: 'Cancelled', errorMessage: UPLOAD_CANCELLED };
  if (outcome.kind === 'network') return { status: 'Failed', errorMessage: NETWORK_ERROR };
  if (outcome.status !== 200)
    return { status: 'Failed', errorMessage: replyMessage(outcome.status, outcome.body) };
  return { status: 'Success', document: JSON.parse(outcome.body) as DatasheetDocument };
}

/**
 * Uploads a document to a machine data sheet (calls §5): first a token, then the multipart form
 * with the token in a header. Progress is reported; aborting the signal cancels it.
 */
export async function uploadDatasheetDocument(
  pv: PvRef,
  input: ExternalDocumentInput,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<DocumentUploadResult> {
  let token: UploadTokenReply;
  try {
    token = await requestUploadToken(options.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError')
      return documentUploadResult({ kind: 'cancelled' });
    return { status: 'Failed', errorMessage: failureText(error) };
  }
  const outcome = await sendMultipart(
    `/api/maintenance/datasheets/docs?${pvQuery(pv)}`,
    documentFormData(input),
    {
      headers: { [UPLOAD_TOKEN_HEADER]: token.token },
      onProgress: options.onProgress,
      signal: options.signal,
    },
  );
  return documentUploadResult(outcome);
}

/** The own calendar token: whether there is one, when it was made and last used by a calendar. */
export interface CalendarTokenState {
  active: boolean;
  createdAt: number | null;
  lastUsedAt: number | null;
}

/** GET /api/maintenance/calendar-token. */
export function getCalendarToken(signal?: AbortSignal): Promise<CalendarTokenState> {
  return apiRequest('/api/maintenance/calendar-token', { signal });
}

/** POST /api/maintenance/calendar-token: a new token (the old one stops working); the feed's full address. */
export async function issueCalendarToken(): Promise<string> {
  const { path } = await apiRequest<{ token: string; path: string }>('/api/maintenance/calendar-token', {
    method: 'POST',
  });
  return new URL(apiUrl(path), window.location.href).href;
}

/** DELETE /api/maintenance/calendar-token: subscribed calendars get no more dates. */
export function revokeCalendarToken(): Promise<{ revoked: boolean }> {
  return apiRequest('/api/maintenance/calendar-token', { method: 'DELETE' });
}
