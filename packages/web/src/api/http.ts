import { CSRF_HEADER, type ErrorReply } from '@leitwarte/core';

/** A reply with a non-2xx status; `code` is the server's stable reason code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server could not be reached at all (offline, DNS, TLS, refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network error', { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** False for the calls of the login flow itself, whose 401 is an answer and not an expired session. */
  redirectOnUnauthorized?: boolean;
}

let sessionCsrfToken: string | null = null;
let apiBaseUrl = '';

/** Where the API lives; empty (same origin) in the app, the server's URL where no page is. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/$/, '');
}

/** The absolute or same-origin URL of an API path. */
export function apiUrl(path: string): string {
  return `${apiBaseUrl}${path}`;
}

/** The CSRF header of the session, for calls not made through apiRequest (uploads). */
export function csrfHeaders(): Record<string, string> {
  return sessionCsrfToken ? { [CSRF_HEADER]: sessionCsrfToken } : {};
}
let unauthorizedHandler: () => void = () => {};

/** Remembers the session's CSRF token (from the user info) for every state-changing call. */
export function setSessionCsrfToken(token: string | null): void {
  sessionCsrfToken = token;
}

export function hasSessionCsrfToken(): boolean {
  return sessionCsrfToken !== null;
}

/** Installs what happens on a 401 (the app navigates to the logout page with the return address). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Reports an expired or missing session found outside `apiRequest`, e.g. by a live channel's negotiate. */
export function notifyUnauthorized(): void {
  unauthorizedHandler();
}

function isErrorReply(value: unknown): value is Partial<ErrorReply> {
  return typeof value === 'object' && value !== null;
}

export async function readError(response: Response): Promise<ApiError> {
  let code: string | null = null;
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (isErrorReply(body)) {
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
    }
  } catch {
    // Not JSON (e.g. a proxy's error page): the status alone has to do.
  }
  return new ApiError(response.status, code, message);
}

/**
 * One call to the Leitwarte API, cookie session, CSRF header on writes, 401 handling: its
 * successful response, to be read as `accept` says; a failure is thrown (ApiError, NetworkError).
 */
export async function apiResponse(
  path: string,
  options: RequestOptions = {},
  accept = 'application/json',
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: accept };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && sessionCsrfToken) headers[CSRF_HEADER] = sessionCsrfToken;

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) {
    if (response.status === 401 && options.redirectOnUnauthorized !== false) unauthorizedHandler();
    throw await readError(response);
  }
  return response;
}

/** One call to the Leitwarte API: JSON in and out (see apiResponse). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Runs a call and turns a network failure into the failed reply the catalogue prescribes for
 * this call (calls §8); other failures are passed on.
 */
export async function orOnNetworkFailure<T>(
  call: Promise<T>,
  failed: (error: NetworkError) => T,
): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof NetworkError) return failed(error);
    throw error;
  }
}

/** The network error text with its cause, for the calls whose catalogue text names it (calls §8). */
export function networkErrorWithCause(error: NetworkError): string {
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause ?? '');
  return `Netzwerkfehler: ${cause}`;
}

/** The catalogue's text of a network failure (calls §8). */
export const NETWORK_ERROR = 'Netzwerkfehler';
