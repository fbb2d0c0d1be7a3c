/// <reference lib="dom" />
/* global document */
// The first minutes of a fresh start (issue "Start under load"): the server as `npm start` runs
// it on an empty store, generating its year of history in the background. The login page and the
// overview are loaded again and again while the backfill runs, then as often once it has finished
// (the same server idle: the baseline of the same run). Figures: time to the login form, time from
// "Anmelden" to the overview's first values, medians and the slowest. Writes
// bench/results/start.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, percentile, report } from '../support.mjs';

const PASSWORD = 'Bench-Admin-Password-1';
const IDLE_RUNS = Number(process.env.BENCH_START_IDLE_RUNS ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-start-'));
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=64', path.join(ROOT, 'packages/server/dist/main.js')],
    {
      env: {
        ...process.env,
        LEITWARTE_PORT: String(port),
        LEITWARTE_HOST: '127.0.0.1',
        LEITWARTE_DATA_DIR: dataDir,
        LEITWARTE_ADMIN_PASSWORD: PASSWORD,
        LEITWARTE_LOG_LEVEL: 'info',
        LEITWARTE_BOT_CHECK_BITS: '8',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const state = { backfillDone: false, startedAt: Date.now(), doneAt: 0 };
  child.stdout.on('data', (chunk) => {
    if (!state.backfillDone && String(chunk).includes('historian: backfill done')) {
      state.backfillDone = true;
      state.doneAt = Date.now();
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    state,
    listeningAfterMs: Date.now() - state.startedAt,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function loadOnce(browser, url) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    const t0 = Date.now();
    await page.goto(`${url}/login?returnUrl=%2Foverview`);
    await page.getByLabel('Benutzername').waitFor({ state: 'visible', timeout: 120_000 });
    const loginMs = Date.now() - t0;
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    const t1 = Date.now();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-pv]')].some((cell) => /\d/.test(cell.textContent ?? '')),
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    return { loginMs, overviewMs: Date.now() - t1 };
  } finally {
    await context.close();
  }
}

const stat = (runs, key) => {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return `${percentile(sorted, 50)} / ${sorted.at(-1)}`;
};
const median = (runs, key) =>
  percentile(
    runs.map((r) => r[key]).sort((a, b) => a - b),
    50,
  );

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const during = [];
  while (!server.state.backfillDone) during.push(await loadOnce(browser, server.url));
  // Measured after the backfill thread has ended: the last loads above may have overlapped its end.
  const idle = [];
  for (let i = 0; i < IDLE_RUNS; i++) idle.push(await loadOnce(browser, server.url));
  report('start', {
    'server listening after start (ms)': server.listeningAfterMs,
    'backfill and packing, in the background (s)': Math.round(
      (server.state.doneAt - server.state.startedAt) / 1000,
    ),
    'loads during the backfill': during.length,
    'login page: to the form, during the backfill, median / slowest (ms)': stat(during, 'loginMs'),
    'login page: to the form, idle baseline, median / slowest (ms)': stat(idle, 'loginMs'),
    'login page: ratio during / idle (median)':
      Math.round((median(during, 'loginMs') / median(idle, 'loginMs')) * 100) / 100,
    'overview: "Anmelden" to first values, during the backfill, median / slowest (ms)': stat(
      during,
      'overviewMs',
    ),
    'overview: "Anmelden" to first values, idle baseline, median / slowest (ms)': stat(idle, 'overviewMs'),
    'overview: ratio during / idle (median)':
      Math.round((median(during, 'overviewMs') / median(idle, 'overviewMs')) * 100) / 100,
  });
} finally {
  await browser.close();
  await server.stop();
}
