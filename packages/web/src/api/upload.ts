import { apiUrl, csrfHeaders, notifyUnauthorized } from './http';

/** Progress of an upload: bytes sent so far and the total when the browser knows it. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface MultipartUploadOptions {
  /** Extra headers, e.g. the single-use upload token. */
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload; the server then stores nothing. */
  signal?: AbortSignal;
}

/** How an upload ended: a reply of the server, no connection, or cancelled by the user. */
export type UploadOutcome =
  { kind: 'reply'; status: number; body: string } | { kind: 'network' } | { kind: 'cancelled' };

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress:
 * cookie session, the session's CSRF header, progress events, cancellable through the signal.
 * A 401 leads to the logout page as for every other call.
 */
export function sendMultipart(
  path: string,
  body: FormData,
  options: MultipartUploadOptions = {},
): Promise<UploadOutcome> {
  const { signal, onProgress } = options;
  if (signal?.aborted) return Promise.resolve({ kind: 'cancelled' });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const finish = (outcome: UploadOutcome) => {
      signal?.removeEventListener('abort', onAbortSignal);
      if (outcome.kind === 'reply' && outcome.status === 401) notifyUnauthorized();
      resolve(outcome);
    };
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries({ ...csrfHeaders(), ...options.headers })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    });
    xhr.addEventListener('load', () => finish({ kind: 'reply', status: xhr.status, body: xhr.responseText }));
    xhr.addEventListener('error', () => finish({ kind: 'network' }));
    xhr.addEventListener('timeout', () => finish({ kind: 'network' }));
    xhr.addEventListener('abort', () => finish({ kind: 'cancelled' }));
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}

/** The message of an error reply's JSON body, or a fallback naming the status. */
export function replyMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // Not JSON (a proxy's page): the status has to do.
  }
  return `HTTP ${status}`;
}
