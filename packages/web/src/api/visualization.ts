import type { ProcessImageInfo, TextMessageEntry, TextMessagesReply } from '@leitwarte/core';
import { apiRequest, apiUrl, NETWORK_ERROR, NetworkError, notifyUnauthorized, readError } from './http';
import { replyOnFailure } from './remote-alert';

const textsFailed = (message: string): TextMessagesReply => ({
  status: 'Failed',
  message,
  messages: [],
  missingIds: [],
});

/** GET /api/visualization/processImages: the process images the user may see. */
export function getProcessImages(signal?: AbortSignal): Promise<ProcessImageInfo[]> {
  return apiRequest<ProcessImageInfo[]>('/api/visualization/processImages', { signal });
}

/** Address of a process image (GET /Views/Visualization/ProcessImages/{name}). */
export function processImageUrl(name: string): string {
  return apiUrl(`/Views/Visualization/ProcessImages/${encodeURIComponent(name)}`);
}

/**
 * The SVG markup of a process image, to bind its live elements. Fails like every call: a
 * NetworkError when the server is not reached, an ApiError otherwise (a 401 also redirects).
 */
export async function getProcessImage(name: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(processImageUrl(name), {
      headers: { Accept: 'image/svg+xml' },
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) {
    if (response.status === 401) notifyUnauthorized();
    throw await readError(response);
  }
  return response.text();
}

/** POST /api/visualization/getTextMessages: texts by id; unknown ids come back in missingIds. */
export function getTextMessages(ids: readonly number[]): Promise<TextMessagesReply> {
  return replyOnFailure(
    apiRequest<TextMessagesReply>('/api/visualization/getTextMessages', { method: 'POST', body: ids }),
    NETWORK_ERROR,
    textsFailed,
  );
}

/** POST /api/visualization/setTextMessages: sets texts (all or nothing); reply status and message. */
export function setTextMessages(entries: readonly TextMessageEntry[]): Promise<TextMessagesReply> {
  return replyOnFailure(
    apiRequest<TextMessagesReply>('/api/visualization/setTextMessages', { method: 'POST', body: entries }),
    NETWORK_ERROR,
    textsFailed,
  );
}
