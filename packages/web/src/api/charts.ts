import type {
  Annotation,
  AnnotationDeleteResult,
  AnnotationQuery,
  AnnotationUpdate,
  AnnotationWriteResult,
  ChartAutoSeries,
  ChartColumnsReply,
  ChartConfig,
  ChartConfigDeleteReply,
  ChartConfigDeleteResult,
  ChartConfigReplace,
  ChartConfigWriteReply,
  ChartConfigWriteResult,
  ChartDataQuery,
  ChartDataReply,
  ChartDateReply,
  ChartDirectory,
  ChartExportRequest,
  ChartSeriesConfig,
  ChartType,
  DataSourcePreset,
  NewAnnotation,
  NewChartConfig,
  PvRef,
} from '@leitwarte/core';
import { CHART_COLUMNS_TYPE, chartColumnsOf, decodeChartColumns } from '@leitwarte/core';
import {
  apiRequest,
  apiResponse,
  apiUrl,
  ApiError,
  csrfHeaders,
  NETWORK_ERROR,
  NetworkError,
  notifyUnauthorized,
  readError,
} from './http';

/** A query string of the defined parameters. */
function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** A failed write: the server's error text, or the network error text (calls §8). */
export function failedReply(error: unknown): { status: 'Failed'; errorMessage: string } {
  if (error instanceof NetworkError) return { status: 'Failed', errorMessage: NETWORK_ERROR };
  if (error instanceof ApiError) return { status: 'Failed', errorMessage: error.message };
  throw error;
}

/** GET /api/charts/config?type=: the directory tree of a chart type. */
export function getChartDirectories(type: ChartType, signal?: AbortSignal): Promise<ChartDirectory[]> {
  return apiRequest<ChartDirectory[]>(`/api/charts/config${query({ type })}`, { signal });
}

/** GET /api/charts/config/{id}: one chart config with currentUserCanEdit. */
export function getChartConfig(id: number, signal?: AbortSignal): Promise<ChartConfig> {
  return apiRequest<ChartConfig>(`/api/charts/config/${id}`, { signal });
}

/** GET /api/charts/config/{id}/series: the series of a chart in display order. */
export function getChartSeries(id: number, signal?: AbortSignal): Promise<ChartSeriesConfig[]> {
  return apiRequest<ChartSeriesConfig[]>(`/api/charts/config/${id}/series`, { signal });
}

/** POST /api/charts/config: creates a chart with its series (right editCharts). */
export async function createChartConfig(chart: NewChartConfig): Promise<ChartConfigWriteResult> {
  try {
    const saved = await apiRequest<ChartConfigWriteReply>('/api/charts/config', {
      method: 'POST',
      body: chart,
    });
    return { status: 'Success', errorMessage: '', ...saved };
  } catch (error) {
    return failedReply(error);
  }
}

/**
 * PUT /api/charts/config/{id}: replaces the config fields and the complete series list; series
 * sent with their id are kept, those left out removed.
 */
export async function updateChartConfig(
  id: number,
  chart: ChartConfigReplace,
): Promise<ChartConfigWriteResult> {
  try {
    const saved = await apiRequest<ChartConfigWriteReply>(`/api/charts/config/${id}`, {
      method: 'PUT',
      body: chart,
    });
    return { status: 'Success', errorMessage: '', ...saved };
  } catch (error) {
    return failedReply(error);
  }
}

/** DELETE /api/charts/config/{id}: deletes a chart with its series. */
export async function deleteChartConfig(id: number): Promise<ChartConfigDeleteResult> {
  try {
    const reply = await apiRequest<ChartConfigDeleteReply>(`/api/charts/config/${id}`, { method: 'DELETE' });
    return { status: 'Success', errorMessage: '', deletedId: reply.deletedId };
  } catch (error) {
    return failedReply(error);
  }
}

/** GET /api/charts/annotations: annotations in a window and/or of PVs (keys joined by commas). */
export function getAnnotations(
  filter: { start?: number; end?: number; pvs?: readonly PvRef[] } = {},
  signal?: AbortSignal,
): Promise<Annotation[]> {
  const q: AnnotationQuery = {
    start: filter.start,
    end: filter.end,
    pvs: filter.pvs?.map((pv) => `${pv.type}-${pv.nr}`).join(','),
  };
  return apiRequest<Annotation[]>(`/api/charts/annotations${query(q)}`, { signal });
}

/** POST /api/charts/annotations: saves a new annotation. */
export async function createAnnotation(annotation: NewAnnotation): Promise<AnnotationWriteResult> {
  try {
    const saved = await apiRequest<Annotation>('/api/charts/annotations', {
      method: 'POST',
      body: annotation,
    });
    return { status: 'Success', errorMessage: '', annotation: saved };
  } catch (error) {
    return failedReply(error);
  }
}

/** PATCH /api/charts/annotations: changes a saved annotation (one without id is refused by the server). */
export async function updateAnnotation(patch: AnnotationUpdate): Promise<AnnotationWriteResult> {
  try {
    const saved = await apiRequest<Annotation>('/api/charts/annotations', { method: 'PATCH', body: patch });
    return { status: 'Success', errorMessage: '', annotation: saved };
  } catch (error) {
    return failedReply(error);
  }
}

/** POST /api/charts/delete-annotations: deletes annotations; all or none. */
export async function deleteAnnotations(ids: readonly number[]): Promise<AnnotationDeleteResult> {
  try {
    const reply = await apiRequest<{ deletedIds: number[] }>('/api/charts/delete-annotations', {
      method: 'POST',
      body: ids,
    });
    return { status: 'Success', errorMessage: '', deletedIds: reply.deletedIds };
  } catch (error) {
    return failedReply(error);
  }
}

/** GET /api/charts/annotations/{id}/charts: the charts an annotation belongs to. */
export function getAnnotationCharts(id: number, signal?: AbortSignal): Promise<ChartConfig[]> {
  return apiRequest<ChartConfig[]>(`/api/charts/annotations/${id}/charts`, { signal });
}

/**
 * GET /api/charts/data/{id}: a chart's data in a range, reduced to the width; with
 * `reduce: false` every value of the source (at most CHART_RAW_POINTS_MAX per series).
 */
export function getChartData(
  id: number,
  range: ChartDataQuery,
  signal?: AbortSignal,
): Promise<ChartDataReply> {
  return apiRequest<ChartDataReply>(`/api/charts/data/${id}${query(range)}`, { signal });
}

/** POST /api/charts/data/auto: data of automatic trend lines (a PV list) in a range; `reduce` as above. */
export function getAutoChartData(
  series: ChartAutoSeries,
  range: ChartDataQuery,
  signal?: AbortSignal,
): Promise<ChartDataReply> {
  return apiRequest<ChartDataReply>(`/api/charts/data/auto${query(range)}`, {
    method: 'POST',
    body: series,
    signal,
  });
}

// The chart screens read their data as columns (CHART_COLUMNS_TYPE); a reply in JSON, as a
// server or proxy that does not know the type sends, is taken as well.
const COLUMNS_ACCEPT = `${CHART_COLUMNS_TYPE}, application/json;q=0.5`;

async function readColumns(response: Response): Promise<ChartColumnsReply> {
  if (response.headers.get('content-type')?.startsWith(CHART_COLUMNS_TYPE))
    return decodeChartColumns(await response.arrayBuffer());
  return chartColumnsOf((await response.json()) as ChartDataReply);
}

/** getChartData with the points as columns. */
export async function getChartColumns(
  id: number,
  range: ChartDataQuery,
  signal?: AbortSignal,
): Promise<ChartColumnsReply> {
  return readColumns(await apiResponse(`/api/charts/data/${id}${query(range)}`, { signal }, COLUMNS_ACCEPT));
}

/** getAutoChartData with the points as columns. */
export async function getAutoChartColumns(
  series: ChartAutoSeries,
  range: ChartDataQuery,
  signal?: AbortSignal,
): Promise<ChartColumnsReply> {
  return readColumns(
    await apiResponse(
      `/api/charts/data/auto${query(range)}`,
      { method: 'POST', body: series, signal },
      COLUMNS_ACCEPT,
    ),
  );
}

/** GET /api/charts/data/{id}/first-date or /last-date: timestamp, 0 when there is none. */
export function getChartEdgeDate(
  id: number,
  edge: 'first' | 'last',
  source?: DataSourcePreset,
  signal?: AbortSignal,
): Promise<ChartDateReply> {
  return apiRequest<ChartDateReply>(`/api/charts/data/${id}/${edge}-date${query({ source })}`, { signal });
}

/** POST /api/charts/data/first-date-pvs or /last-date-pvs: timestamp of PVs, 0 when there is none. */
export function getPvsEdgeDate(
  pvs: readonly PvRef[],
  edge: 'first' | 'last',
  source?: DataSourcePreset,
  signal?: AbortSignal,
): Promise<ChartDateReply> {
  return apiRequest<ChartDateReply>(`/api/charts/data/${edge}-date-pvs${query({ source })}`, {
    method: 'POST',
    body: pvs,
    signal,
  });
}

/**
 * The file name of a content-disposition header: `filename*` (RFC 5987, UTF-8) before
 * `filename`; the fallback when the header names none.
 */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: the plain name below still helps.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : fallback;
}

/**
 * POSTs JSON and takes the reply as a file: its bytes and the name from content-disposition.
 * Failures throw like apiRequest (ApiError, NetworkError; a 401 asks for the logout redirect).
 */
async function downloadFile(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ fileName: string; blob: Blob }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...csrfHeaders() },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    if (response.status === 401) notifyUnauthorized();
    throw await readError(response);
  }
  return {
    fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName),
    blob: await response.blob(),
  };
}

/** What an export gives: the file (name from content-disposition) or why it failed. */
export type ChartExportResult =
  { status: 'Success'; fileName: string; blob: Blob } | { status: 'Failed'; errorMessage: string };

/** POST /api/charts/data/export: the CSV file of a chart's or PV list's data. */
export async function exportChartData(request: ChartExportRequest): Promise<ChartExportResult> {
  try {
    const file = await downloadFile('/api/charts/data/export', request, 'Diagramm.csv');
    return { status: 'Success', ...file };
  } catch (error) {
    return failedReply(error);
  }
}
