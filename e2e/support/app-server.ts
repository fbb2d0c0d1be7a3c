import path from 'node:path';
import type { Config } from '../../packages/server/src/config';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../packages/server/src/test-support/test-server';
import { REPO_ROOT } from './server-process';

/**
 * The built web app served by the real server running in this process (from its sources), on
 * a fresh store. `LEITWARTE_E2E_WEB_ROOT` points at another build of the web app than
 * packages/web/dist. Browser tests that need the server as `npm start` runs it (process
 * lifecycle, signals, the printed login) use startServerProcess instead.
 */
export function startAppServer(
  options: Omit<TestServerOptions, 'webRoot'> & { config?: Partial<Config> } = {},
): Promise<TestServer> {
  const webRoot = process.env.LEITWARTE_E2E_WEB_ROOT ?? path.join(REPO_ROOT, 'packages/web/dist');
  return startTestServer({ ...options, webRoot });
}
