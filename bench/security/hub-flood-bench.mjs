// A normal REST call's latency while one client floods a live channel with invocations
// (50,000 in about 7 s, 35 every 5 ms, reconnecting whenever it is cut off), with the per-connection
// limit of the hubs and without it (LEITWARTE_BENCH_HUB_RECORD_RATE lifts it), against the
// same call on an idle server in the same run.
import WebSocket from 'ws';
import { login, percentile, report, startServer } from '../support.mjs';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 7000);
const RS = '\x1e';
const CALL = (i) =>
  JSON.stringify({ type: 1, invocationId: String(i), target: 'UnsubscribeFromPvs', arguments: [[]] }) + RS;

/** One flooding connection: 35 invocations every 5 ms until the socket closes or time is up. */
function floodOnce(url, cookie, end, counts) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/hubs/pv`, { headers: { cookie } });
    ws.once('error', () => resolve());
    ws.once('close', () => resolve());
    ws.on('message', (data) => {
      counts.completions += data.toString().split('{"type":3').length - 1;
    });
    ws.once('open', () => {
      ws.send(`{"protocol":"json","version":1}${RS}`);
      const pump = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (Date.now() > end || counts.sent >= 50_000) return ws.close();
        // Paced like the attack the limit answers: a frame of 35 every 5 ms (about 7,000 a second).
        ws.send(Array.from({ length: 35 }, () => CALL(counts.sent++)).join(''));
        setTimeout(pump, 5);
      };
      pump();
    });
  });
}

async function flood(url, cookie, end, counts) {
  while (Date.now() < end && counts.sent < 50_000) {
    counts.connections += 1;
    const sentBefore = counts.sent;
    await floodOnce(url, cookie, end, counts);
    // Refused at the door (429 while cooling down): retry after 100 ms, as a client would; a
    // storm of bare connection attempts is another attack than this one.
    if (counts.sent === sentBefore) await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sequential GET /api/plant/info for the duration; latencies in ms. */
async function restLatencies(url, cookie, end) {
  const latencies = [];
  while (Date.now() < end) {
    const start = performance.now();
    const reply = await fetch(`${url}/api/plant/info`, { headers: { cookie } });
    await reply.arrayBuffer();
    latencies.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  return latencies.sort((a, b) => a - b);
}

async function run(label, env, withFlood) {
  const server = await startServer(env);
  try {
    const cookie = await login(server.url);
    await restLatencies(server.url, cookie, Date.now() + 500); // warm-up
    const counts = { sent: 0, completions: 0, connections: 0 };
    const end = Date.now() + DURATION_MS;
    const [latencies] = await Promise.all([
      restLatencies(server.url, cookie, end),
      withFlood ? flood(server.url, cookie, end, counts) : Promise.resolve(),
    ]);
    return {
      label,
      restMeanMs: +(latencies.reduce((a, b) => a + b, 0) / latencies.length).toFixed(2),
      restP50Ms: +percentile(latencies, 50).toFixed(2),
      restP99Ms: +percentile(latencies, 99).toFixed(2),
      restCalls: latencies.length,
      invocationsSent: counts.sent,
      invocationsAnswered: counts.completions,
      floodConnections: counts.connections,
    };
  } finally {
    await server.stop();
  }
}

// No generated history: its backfill would keep a core busy during the measurement.
const quiet = { LEITWARTE_BACKFILL: 'false' };
const idle = await run('idle (baseline)', quiet, false);
const unlimited = await run(
  'flood, no limit',
  { ...quiet, LEITWARTE_BENCH_HUB_RECORD_RATE: '1000000000' },
  true,
);
const limited = await run('flood, limit 500/s (2,000 at once)', quiet, true);
const ratio = (r) => ({
  ...r,
  meanRatioToIdle: +(r.restMeanMs / idle.restMeanMs).toFixed(2),
  p50RatioToIdle: +(r.restP50Ms / idle.restP50Ms).toFixed(2),
  p99RatioToIdle: +(r.restP99Ms / idle.restP99Ms).toFixed(2),
});
report('hub-flood', {
  [idle.label]: idle,
  [unlimited.label]: ratio(unlimited),
  [limited.label]: ratio(limited),
});
