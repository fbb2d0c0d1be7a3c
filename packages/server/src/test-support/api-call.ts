import { expect } from 'vitest';
import type { LoggedIn } from './test-server.js';

/**
 * One API call as the web client makes it: the session cookie, the CSRF header and a JSON
 * body. Route tests call the real server through this, never around it.
 */
export function callApi(
  server: { url: string },
  who: LoggedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      cookie: who.cookie,
      'x-csrf-token': who.csrfToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The JSON of a reply that must have this status (the reply's text is shown when it has not). */
export async function replyJson<T>(reply: Response, status = 200): Promise<T> {
  expect(reply.status, await reply.clone().text()).toBe(status);
  return (await reply.json()) as T;
}
