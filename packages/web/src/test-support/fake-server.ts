import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

/** A JSON reply as the server would send it. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` — the network boundary — with handlers keyed "METHOD /path". Unhandled calls get
 * a 404, and every call is recorded for assertions.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname + url.search, headers, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler
      ? handler(request)
      : json(404, { statusCode: 404, error: 'Not Found', message: 'no route' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    calls: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path.split('?')[0] === path),
  };
}
