import type { WebcamImageRef, WebcamInfo } from '@leitwarte/core';
import { apiRequest, apiUrl } from './http';

/** Webcam calls give their data only on success and nothing otherwise, also offline (calls §7, §8). */
async function dataOrNothing<T>(path: string, signal?: AbortSignal): Promise<T | undefined> {
  try {
    return await apiRequest<T>(path, { signal });
  } catch {
    return undefined;
  }
}

const millis = (t: number | Date) => (t instanceof Date ? t.getTime() : t);

/** GET /api/webcam/{optional id}: the webcams the user may see, or the one asked for. */
export function getWebcams(id?: number, signal?: AbortSignal): Promise<WebcamInfo[] | undefined> {
  return dataOrNothing<WebcamInfo[]>(id === undefined ? '/api/webcam' : `/api/webcam/${id}`, signal);
}

/** GET /api/webcam/{id}/available-images?from=&to=: the images of a range, oldest first. */
export function getAvailableWebcamImages(
  id: number,
  from: number | Date,
  to: number | Date,
  signal?: AbortSignal,
): Promise<WebcamImageRef[] | undefined> {
  return dataOrNothing<WebcamImageRef[]>(
    `/api/webcam/${id}/available-images?from=${millis(from)}&to=${millis(to)}`,
    signal,
  );
}

/**
 * GET /api/webcam/{id}/current?currentFilename=: the newest image, or the next newer than the
 * one shown; null when there is none (newer).
 */
export function getCurrentWebcamImage(
  id: number,
  currentFilename?: string,
  signal?: AbortSignal,
): Promise<WebcamImageRef | null | undefined> {
  const query = currentFilename ? `?currentFilename=${encodeURIComponent(currentFilename)}` : '';
  return dataOrNothing<WebcamImageRef | null>(`/api/webcam/${id}/current${query}`, signal);
}

/** Address of an image's PNG, for an img element (the session cookie goes along). */
export function webcamImageUrl(id: number, fileName: string): string {
  return apiUrl(`/api/webcam/${id}/images/${encodeURIComponent(fileName)}`);
}
