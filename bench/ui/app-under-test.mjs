// What the browser benchmarks share: the built server and web app started in this process on a
// fresh data directory (no generated history), Chromium as the suite drives it, and the frame
// statistics they print.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, percentile } from '../support.mjs';

export const PASSWORD = 'Bench-Admin-Password-1';
export const WEB_ROOT = process.env.BENCH_WEB_ROOT ?? path.join(ROOT, 'packages/web/dist/');
// The built server, as `npm run bench` builds it; BENCH_SERVER_DIR=packages/server/src runs the
// sources instead (with `node --import tsx`).
const SERVER_DIR = path.resolve(ROOT, process.env.BENCH_SERVER_DIR ?? 'packages/server/dist');

/** Starts the app on a free loopback port; `env` adds to or overrides its configuration. */
export async function startApp(name, env = {}) {
  const { build } = await import(path.join(SERVER_DIR, 'app.js'));
  const { loadConfig } = await import(path.join(SERVER_DIR, 'config.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `leitwarte-bench-${name}-`));
  const config = loadConfig({
    LEITWARTE_DATA_DIR: dataDir,
    LEITWARTE_ADMIN_PASSWORD: PASSWORD,
    LEITWARTE_LOG_LEVEL: 'warn',
    LEITWARTE_BACKFILL: 'false',
    ...env,
  });
  const built = await build({ config, webRoot: WEB_ROOT.endsWith('/') ? WEB_ROOT : `${WEB_ROOT}/` });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    built,
    async stop() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless, as the browser tests run it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}

/** p50, p95 and the largest of a list of numbers. */
export const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};

/** To one decimal. */
export const round = (n) => Math.round(n * 10) / 10;
