// Maintenance figures. (1) The messages screen's call for a plant of 1,000 stations
// (`leitwarte plant generate`, 32 PVs a station: signals and one pumping station with two pumps,
// each with operating hours and switching cycles, each with a pre-warning and a due message from
// the generated maintenance.json, 8,000 rows): GET
// /api/maintenance/overview/station/-1, against the cheapest authenticated call in the same run
// (GET /api/UserManagement/info). Budget: ≤ 500 ms. (2) What a 20 MiB document upload costs the
// server in memory: the peak growth of its resident set while the upload runs (sampled from
// /proc every 5 ms), against the file's size, with a 1 MiB upload in the same run as baseline.
// Target: below 2× the file size.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, report, ROOT, startServer } from '../support.mjs';

const STATIONS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PASSWORD = 'Bench-Admin-Password-1';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-plant-'));
const plantFile = path.join(dir, 'plant.json');
const generated = spawnSync(
  process.execPath,
  [
    path.join(ROOT, 'packages/server/dist/cli.js'),
    'plant',
    'generate',
    '--stations',
    String(STATIONS),
    '--pvs-per-station',
    // Signals (6) and one pump block (26): fewer PVs leave a station without pumps.
    '32',
    '--out',
    plantFile,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
if (generated.status !== 0) throw new Error('plant generate failed');

async function session(url) {
  const { postLogin } = await import('../../packages/server/dist/auth/login-client.js');
  const reply = await postLogin(url, 'admin', PASSWORD);
  if (!reply.ok) throw new Error(`login failed: ${reply.status}`);
  const cookie = reply.headers
    .getSetCookie()
    .find((c) => c.startsWith('lw_session='))
    .split(';')[0];
  const { user } = await reply.json();
  return { cookie, csrfToken: user.csrfToken };
}

async function timed(url, route, cookie) {
  const latencies = [];
  let rows = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const reply = await fetch(`${url}${route}`, { headers: { cookie } });
    const body = await reply.json();
    latencies.push(performance.now() - start);
    if (!reply.ok) throw new Error(`${route}: ${reply.status}`);
    rows = Array.isArray(body) ? body.length : 1;
  }
  latencies.sort((a, b) => a - b);
  return { rows, p50Ms: +percentile(latencies, 50).toFixed(1), p99Ms: +percentile(latencies, 99).toFixed(1) };
}

const rssOf = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** A real PDF padded with comment lines to the size. */
function pdfOf(size) {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  const tail = 'trailer << /Root 1 0 R >>\n%%EOF\n';
  const line = `%${'x'.repeat(78)}\n`;
  return Buffer.from(head + line.repeat(Math.floor((size - head.length - tail.length) / line.length)) + tail);
}

async function uploadMemory(server, who, size) {
  const headers = { cookie: who.cookie, 'x-csrf-token': who.csrfToken };
  const token = await fetch(`${server.url}/api/maintenance/datasheets/docs/token`, {
    method: 'POST',
    headers,
  });
  const { token: uploadToken } = await token.json();
  const pdf = pdfOf(size);
  const data = new FormData();
  data.set('description', 'Bench');
  data.set('docType', 'File');
  data.set('file', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
  const before = rssOf(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(server.pid));
  }, 5);
  const reply = await fetch(`${server.url}/api/maintenance/datasheets/docs?pvType=DigiIn&pvNr=100020`, {
    method: 'POST',
    headers: { ...headers, 'x-upload-token': uploadToken },
    body: data,
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(server.pid));
  if (!reply.ok) throw new Error(`upload: ${reply.status} ${await reply.text()}`);
  return {
    fileMiB: +(pdf.length / 1048576).toFixed(1),
    peakRssGrowthMiB: +((peak - before) / 1048576).toFixed(1),
  };
}

/** A large plant's server may need longer than startServer waits; wait for it to answer. */
async function ready(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('server did not start');
}

const figures = {};
// No generated history: the figures are about the calls, not the archive.
const big = await startServer({ LEITWARTE_PLANT: plantFile, LEITWARTE_BACKFILL: 'false' });
try {
  await ready(big.url);
  const { cookie } = await session(big.url);
  await timed(big.url, '/api/maintenance/overview/station/-1', cookie); // warm-up
  const baseline = await timed(big.url, '/api/UserManagement/info', cookie);
  const messages = await timed(big.url, '/api/maintenance/overview/station/-1', cookie);
  // An empty list would time nothing worth knowing: fail instead of printing a figure.
  if (messages.rows === 0) throw new Error('the generated plant lists no maintenance rows');
  figures[`GET /api/UserManagement/info (baseline, ${STATIONS} stations)`] = baseline;
  figures[`GET /api/maintenance/overview/station/-1 (${STATIONS} stations)`] = {
    ...messages,
    ratioToBaseline: +(messages.p50Ms / baseline.p50Ms).toFixed(1),
    withinBudget500Ms: messages.p99Ms <= 500,
  };
} finally {
  await big.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

const demo = await startServer({ LEITWARTE_BACKFILL: 'false' });
try {
  await ready(demo.url);
  const who = await session(demo.url);
  const small = await uploadMemory(demo, who, 1024 * 1024);
  const large = await uploadMemory(demo, who, 20 * 1024 * 1024);
  figures['upload 1 MiB (baseline)'] = small;
  figures['upload 20 MiB'] = {
    ...large,
    growthPerFileSize: +(large.peakRssGrowthMiB / large.fileMiB).toFixed(2),
    below2xFileSize: large.peakRssGrowthMiB < 2 * large.fileMiB,
  };
} finally {
  await demo.stop();
}
report('maintenance', figures);
