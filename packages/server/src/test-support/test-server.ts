import { build, type BuildOptions, type Built } from '../app.js';
import { postLogin } from '../auth/login-client.js';
import { loadConfig, type Config } from '../config.js';
import { createTestDatabase, type TestDatabase, type TestDialect } from './databases.js';

export const TEST_ADMIN_PASSWORD = 'Admin-Test-Password-1';
/** Password of the plant's users (betrieb, instandhaltung, gast) on a test server. */
export const TEST_PLANT_USERS_PASSWORD = 'Plant-Users-Password-1';

export interface TestServerOptions {
  dialect?: TestDialect;
  config?: Partial<Config>;
  hubs?: BuildOptions['hubs'];
  webRoot?: string;
  /** A store shared with other servers (several processes of one installation); not dropped on close. */
  database?: TestDatabase;
}

export interface LoggedIn {
  /** Value for a Cookie header. */
  cookie: string;
  /** Value for the x-csrf-token header on state-changing calls. */
  csrfToken: string;
}

export interface TestServer extends Built {
  /** http://127.0.0.1:PORT */
  url: string;
  config: Config;
  /** Logs in through the real login form calls; returns the session cookie. */
  login(username?: string, password?: string): Promise<string>;
  loginWithToken(username?: string, password?: string): Promise<LoggedIn>;
  logout(cookie: string): Promise<void>;
  close(): Promise<void>;
}

function cookiePair(setCookie: string[], name: string): string | undefined {
  const found = setCookie.find((c) => c.startsWith(`${name}=`));
  return found?.split(';', 1)[0];
}

/** The real server on a fresh store (SQLite by default), listening on a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase(options.dialect ?? 'sqlite'));
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    adminPassword: TEST_ADMIN_PASSWORD,
    plantUsersPassword: TEST_PLANT_USERS_PASSWORD,
    logLevel: 'silent',
    // Generated history costs seconds of CPU per server; tests that need it ask for it.
    backfill: false,
    // The bot check's proof of work at the lowest useful difficulty: logins in tests stay instant.
    botCheckBits: 4,
    ...options.config,
  };
  const built = await build({ config, hubs: options.hubs, webRoot: options.webRoot });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  // Several processes: the first election attempt decides whether this one runs the field.
  await built.services.scale.field.ready();
  const address = built.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;

  async function loginWithToken(username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<LoggedIn> {
    const reply = await postLogin(url, username, password);
    if (reply.status !== 200)
      throw new Error(`login of ${username} failed: ${reply.status} ${await reply.text()}`);
    const session = cookiePair(reply.headers.getSetCookie(), 'lw_session');
    if (session === undefined) throw new Error('login set no session cookie');
    const { user } = (await reply.json()) as { user: { csrfToken: string } };
    return { cookie: session, csrfToken: user.csrfToken };
  }

  let closed = false;
  return {
    ...built,
    url,
    config,
    loginWithToken,
    login: async (username, password) => (await loginWithToken(username, password)).cookie,
    async logout(cookie) {
      const info = await fetch(`${url}/api/UserManagement/info`, { headers: { cookie } });
      const { csrfToken } = (await info.json()) as { csrfToken: string };
      const reply = await fetch(`${url}/api/auth/logout`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': csrfToken },
      });
      if (reply.status !== 204) throw new Error(`logout failed: ${reply.status}`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await built.app.close();
      if (shared === undefined) await database.drop();
    },
  };
}
