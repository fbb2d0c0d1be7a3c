import {
  setApiBaseUrl,
  setSessionCsrfToken,
  setUnauthorizedHandler,
} from '../../../packages/web/src/api/http';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../../packages/server/src/test-support/test-server';
import { loginAsNewUser } from '../../../packages/server/src/test-support/users';

/**
 * The web client's call layer pointed at a real server, as a browser would use it: the session
 * cookie on every call (Node's fetch keeps no cookies, so a wrapper adds it) and the session's
 * CSRF token on writes. One user at a time; `as()` switches.
 */
export interface ApiSession {
  server: TestServer;
  /** Log in as the administrator. */
  asAdmin(): Promise<void>;
  /** Log in as a new user of this role (built-in or made with createTestRole). */
  as(username: string, role: string): Promise<{ userId: number }>;
  /** Points the client at a port where nothing listens: every call fails with a network error. */
  offline(): void;
  /** Points the client back at the server. */
  online(): void;
  /** How often the client asked for the logout redirect (a 401). */
  readonly unauthorizedCount: number;
  close(): Promise<void>;
}

const realFetch = globalThis.fetch;

export async function openApiSession(options: TestServerOptions = {}): Promise<ApiSession> {
  const server = await startTestServer(options);
  let cookie = '';
  let unauthorized = 0;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    // The test's own calls (e.g. logging in with the login form's cookie) keep their cookie.
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    return realFetch(input, { ...init, headers });
  };
  setUnauthorizedHandler(() => {
    unauthorized += 1;
  });
  setApiBaseUrl(server.url);
  const useSession = (session: { cookie: string; csrfToken: string }) => {
    cookie = session.cookie;
    setSessionCsrfToken(session.csrfToken);
  };
  return {
    server,
    async asAdmin() {
      useSession(await server.loginWithToken());
    },
    async as(username, role) {
      const session = await loginAsNewUser(server, username, role);
      useSession(session);
      return { userId: session.userId };
    },
    offline: () => setApiBaseUrl('http://127.0.0.1:9'),
    online: () => setApiBaseUrl(server.url),
    get unauthorizedCount() {
      return unauthorized;
    },
    async close() {
      globalThis.fetch = realFetch;
      setApiBaseUrl('');
      setSessionCsrfToken(null);
      await server.close();
    },
  };
}
