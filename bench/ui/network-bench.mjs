/// <reference lib="dom" />
/* global document */
// The login page and the overview over a slow mobile network (issue "Over a real network"):
// Chromium's network emulation at 1.6 Mbit/s down, 750 kbit/s up and 150 ms round trip, each
// load with an empty cache. Measured against the same server with compression switched off
// (LEITWARTE_HTTP_COMPRESSION=false: the files and replies as they were before), in the same run,
// alternating between the two. Figures: time to the login form, time from "Anmelden" to the
// overview's first values, and the bytes that crossed the network for each. Writes
// bench/results/network.json.
import { percentile, report } from '../support.mjs';
import { PASSWORD, launchChromium, startApp } from './app-under-test.mjs';

const RUNS = Number(process.env.BENCH_NETWORK_RUNS ?? 5);
/** Bits per second and milliseconds, as in the issue; upload as Chromium's "3G" presets pair it. */
const NETWORK = { downloadBps: 1_600_000, uploadBps: 750_000, rttMs: 150 };

/** A fresh context (empty cache) on the emulated network; counts the bytes received. */
async function throttledPage(browser) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.rttMs,
    downloadThroughput: NETWORK.downloadBps / 8,
    uploadThroughput: NETWORK.uploadBps / 8,
  });
  const counter = { bytes: 0 };
  cdp.on('Network.loadingFinished', (event) => (counter.bytes += event.encodedDataLength));
  cdp.on('Network.webSocketFrameReceived', (event) => (counter.bytes += event.response.payloadData.length));
  return { context, page, counter };
}

async function loadOnce(browser, app) {
  const { context, page, counter } = await throttledPage(browser);
  try {
    const t0 = Date.now();
    await page.goto(`${app.url}/login?returnUrl=%2Foverview`);
    await page.getByLabel('Benutzername').waitFor({ state: 'visible', timeout: 120_000 });
    const loginMs = Date.now() - t0;
    const loginBytes = counter.bytes;
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(PASSWORD);
    const t1 = Date.now();
    await page.getByRole('button', { name: 'Anmelden' }).click();
    // The overview with its first live values.
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-pv]')].some((cell) => /\d/.test(cell.textContent ?? '')),
      undefined,
      { timeout: 120_000, polling: 50 },
    );
    return { loginMs, loginBytes, overviewMs: Date.now() - t1, overviewBytes: counter.bytes - loginBytes };
  } finally {
    await context.close();
  }
}

const median = (xs) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const kib = (bytes) => Math.round(bytes / 1024);
const ratio = (a, b) => Math.round((a / b) * 100) / 100;

// The proof of work is CPU, not network: at its lowest useful level it does not blur the figures.
const appWith = (compression) =>
  startApp('net', { LEITWARTE_HTTP_COMPRESSION: String(compression), LEITWARTE_BOT_CHECK_BITS: '8' });
const compressed = await appWith(true);
const plain = await appWith(false);
const browser = await launchChromium();
try {
  const runs = { compressed: [], plain: [] };
  // Alternating, so a busier moment of the machine falls on both alike.
  for (let i = 0; i < RUNS; i++) {
    runs.compressed.push(await loadOnce(browser, compressed));
    runs.plain.push(await loadOnce(browser, plain));
  }
  const m = (list, key) => median(list.map((r) => r[key]));
  const c = (key) => m(runs.compressed, key);
  const p = (key) => m(runs.plain, key);
  report('network', {
    network: `${NETWORK.downloadBps / 1e6} Mbit/s down, ${NETWORK.uploadBps / 1e3} kbit/s up, ${NETWORK.rttMs} ms RTT, empty cache, median of ${RUNS}`,
    'login page: to the form (ms), compressed': c('loginMs'),
    'login page: to the form (ms), baseline uncompressed': p('loginMs'),
    'login page: ratio baseline / compressed': ratio(p('loginMs'), c('loginMs')),
    'login page: received (KiB), compressed / baseline': `${kib(c('loginBytes'))} / ${kib(p('loginBytes'))}`,
    'overview: "Anmelden" to first values (ms), compressed': c('overviewMs'),
    'overview: "Anmelden" to first values (ms), baseline uncompressed': p('overviewMs'),
    'overview: ratio baseline / compressed': ratio(p('overviewMs'), c('overviewMs')),
    'overview: received (KiB), compressed / baseline': `${kib(c('overviewBytes'))} / ${kib(p('overviewBytes'))}`,
  });
} finally {
  await browser.close();
  await compressed.stop();
  await plain.stop();
}
