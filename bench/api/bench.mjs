// Request throughput of the read API the Overview uses (GET /api/Pv/all: every PV with config
// and value), against the cheapest authenticated call in the same run (GET /api/UserManagement/info)
// as the baseline: the ratio shows what building and serialising the PV list costs.
import { login, percentile, report, startServer } from '../support.mjs';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = 16;

async function measure(url, path, cookie) {
  const latencies = [];
  let bytes = 0;
  const end = Date.now() + DURATION_MS;
  async function worker() {
    while (Date.now() < end) {
      const start = performance.now();
      const reply = await fetch(`${url}${path}`, { headers: { cookie } });
      bytes += (await reply.arrayBuffer()).byteLength;
      if (!reply.ok) throw new Error(`${path}: ${reply.status}`);
      latencies.push(performance.now() - start);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / (DURATION_MS / 1000)),
    p50Ms: +percentile(latencies, 50).toFixed(2),
    p99Ms: +percentile(latencies, 99).toFixed(2),
    bytesPerReply: Math.round(bytes / latencies.length),
  };
}

const server = await startServer();
try {
  const cookie = await login(server.url);
  await measure(server.url, '/api/Pv/all', cookie); // warm-up
  const baseline = await measure(server.url, '/api/UserManagement/info', cookie);
  const pvAll = await measure(server.url, '/api/Pv/all', cookie);
  report('api', {
    'GET /api/UserManagement/info (baseline)': baseline,
    'GET /api/Pv/all': {
      ...pvAll,
      ratioToBaseline: +(pvAll.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    },
  });
} finally {
  await server.stop();
}
