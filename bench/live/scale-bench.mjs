// Scale-out: the live workload of bench.mjs at N = 1,000 (a generated plant of 50,000 PVs that
// all change once a second, 1,000 subscribers each watching 1,000 PVs in a second process) on
// PostgreSQL, against
//   - one process without Redis, clients connected to it directly (the baseline),
//   - one process with Redis configured, directly and behind nginx (what the backplane and
//     the proxy cost on their own),
//   - three processes on PostgreSQL + Redis behind nginx (round robin), clients through nginx.
// Each set-up gets a database of its own (created here, dropped after); the run has a Redis of
// its own on a free port (so its INFO counters hold this benchmark's traffic alone) and a key
// prefix of its own; only the processes started here are stopped.
// The benchmark feed runs in the first process alone, which owns the field: it publishes every
// change on the backplane once, as the field's changes are published.
// Measured per set-up: delivered updates/s and share, p50/p99 age (clients.mjs), CPU seconds
// and RSS of every process from /proc (servers, nginx master and workers, Redis, the clients'
// process), each server's JS heap from its /metrics, and the Redis traffic per change fed
// (INFO: bytes in and out, PUBLISH calls). Writes bench/results/scale.json.
// On a 2-core machine shared with other work this measures overhead, not capacity: all
// processes, nginx, Redis, PostgreSQL and the clients share the same two cores.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDatabase, freePort, login, report, startServer } from '../support.mjs';
import { PER_CLIENT, PVS_PER_STATION, STATIONS, processSample, subscribers, writePlant } from './harness.mjs';

const CLIENTS = Number(process.env.BENCH_SCALE_CLIENTS ?? 1000);
const MEASURE_MS = Number(process.env.BENCH_SCALE_MEASURE_MS ?? 10_000);
const WARM_MS = 5000;
const FEED_HZ = 1;
const CHANGES_PER_SECOND = STATIONS * PVS_PER_STATION * FEED_HZ;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const ALL_SETUPS = [
  { label: '1 process, PostgreSQL, direct', processes: 1, redis: false, nginx: false },
  { label: '1 process, PostgreSQL + Redis, direct', processes: 1, redis: true, nginx: false },
  { label: '1 process, PostgreSQL + Redis, nginx', processes: 1, redis: true, nginx: true },
  { label: '3 processes, PostgreSQL + Redis, nginx', processes: 3, redis: true, nginx: true },
];
// BENCH_SCALE_SETUPS=1,4 runs the first and the fourth alone (the baseline should be among them).
const SETUPS = process.env.BENCH_SCALE_SETUPS
  ? process.env.BENCH_SCALE_SETUPS.split(',').map((n) => ALL_SETUPS[Number(n) - 1])
  : ALL_SETUPS;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, check, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function health(url) {
  const reply = await fetch(`${url}/healthz`);
  return reply.ok ? reply.json() : null;
}

/** redis-server of this run alone (no persistence), on a free port. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    // Each process's subscription receives every change (50,000 a second here): Redis's default
    // limit for a pub/sub client's output buffer (32 MB, or 8 MB for 60 s) cuts such a subscriber
    // off, and its process then closes its clients to have them resubscribe. docs/scale-out.md
    // asks for the same setting in production.
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--client-output-buffer-limit',
      'pubsub 256mb 128mb 60',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      if (seen.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server ended (${code}): ${seen}`)));
  });
  child.stdout.resume();
  const info = (section) =>
    Object.fromEntries(
      execFileSync('redis-cli', ['-p', String(port), 'INFO', section], { encoding: 'utf8' })
        .split(/\r?\n/)
        .filter((line) => line.includes(':') && !line.startsWith('#'))
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
    );
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    /** Bytes in and out, commands and PUBLISH calls so far. */
    counters() {
      const stats = info('stats');
      const publish = /calls=(\d+)/.exec(info('commandstats').cmdstat_publish ?? '')?.[1];
      return {
        inBytes: Number(stats.total_net_input_bytes),
        outBytes: Number(stats.total_net_output_bytes),
        commands: Number(stats.total_commands_processed),
        publishes: Number(publish ?? 0),
        opsPerSecond: Number(stats.instantaneous_ops_per_sec),
      };
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** nginx of this run alone with the configuration of docs/scale-out.md (round robin, no sticky sessions). */
async function startNginx(upstreams) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-nginx-'));
  const port = await freePort();
  const common = `
      proxy_pass http://leitwarte;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream leitwarte {
${upstreams.map((u) => `    server ${new URL(u).host} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen 127.0.0.1:${port};
    location /hubs/ {${common}
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 60s;
      proxy_buffering off;
    }
    location / {${common}
      proxy_set_header Connection '';
      proxy_next_upstream error timeout http_502;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('nginx', async () => (await fetch(`${url}/healthz`)).ok, 15_000);
  return {
    url,
    /** The master and its workers. */
    pids: () => [
      child.pid,
      ...fs
        .readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    ],
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JS heap in use of a server process, from its /metrics. */
async function heapMiB(url) {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const bytes = /^leitwarte_nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1];
  return bytes ? +(Number(bytes) / 2 ** 20).toFixed(1) : null;
}

const cpuOf = (samples) => samples.reduce((sum, s) => sum + s.cpu, 0);
const mib = (bytes) => +(bytes / 2 ** 20).toFixed(1);

async function measureSetup(setup, plant, redis) {
  const database = await createPgDatabase('scalebench');
  const prefix = `lwbench-${randomBytes(4).toString('hex')}:`;
  const servers = [];
  let nginx = null;
  let clients = null;
  try {
    for (let i = 0; i < setup.processes; i++) {
      const port = await freePort();
      servers.push(
        await startServer({
          LEITWARTE_PORT: String(port),
          LEITWARTE_PLANT: plant.file,
          LEITWARTE_BACKFILL: 'false',
          LEITWARTE_DATABASE_URL: database.url,
          LEITWARTE_METRICS_TOKEN: METRICS_TOKEN,
          ...(setup.redis
            ? {
                LEITWARTE_REDIS_URL: redis.url,
                LEITWARTE_REDIS_PREFIX: prefix,
                LEITWARTE_PROCESS_URL: `http://127.0.0.1:${port}`,
                // nginx and the other processes pass requests on from the loopback.
                LEITWARTE_TRUSTED_PROXIES: 'loopback',
              }
            : {}),
          // The feed in the owner alone: each change is made and published once.
          ...(i === 0 ? { LEITWARTE_BENCH_FEED_HZ: String(FEED_HZ) } : {}),
        }),
      );
      // Started means listening; on a busy machine the first start (migrations, the plant) takes a while.
      await waitFor('the server', async () => (await health(servers[i].url)) !== null, 120_000);
      // The first alone migrates the store and wins the election.
      if (i === 0 && setup.redis)
        await waitFor(
          'an owner',
          async () => (await health(servers[0].url))?.process?.field === 'owner',
          120_000,
        );
    }
    if (setup.processes > 1)
      await waitFor(
        'the followers',
        async () =>
          (await Promise.all(servers.slice(1).map((s) => health(s.url)))).every(
            (h) => h?.process?.field === 'follower' && h.process.backplane === 'connected',
          ),
        60_000,
      );
    if (setup.nginx) nginx = await startNginx(servers.map((s) => s.url));
    const entry = nginx?.url ?? servers[0].url;
    const cookie = await login(entry);
    clients = subscribers();
    await clients.call({
      cmd: 'connect',
      url: entry,
      cookie,
      refs: plant.refs,
      perClient: PER_CLIENT,
      count: CLIENTS,
    });
    await sleep(WARM_MS);

    const pids = () => ({
      servers: servers.map((s) => s.pid),
      nginx: nginx?.pids() ?? [],
      redis: setup.redis ? [redis.pid] : [],
      clients: [clients.pid],
    });
    const sample = () =>
      Object.fromEntries(Object.entries(pids()).map(([k, list]) => [k, list.map(processSample)]));
    const before = sample();
    const redisBefore = setup.redis ? redis.counters() : null;
    const rssMax = servers.map(() => 0);
    const opsSamples = [];
    const sampler = setInterval(() => {
      servers.forEach((s, i) => (rssMax[i] = Math.max(rssMax[i], processSample(s.pid).rss)));
      if (setup.redis) opsSamples.push(redis.counters().opsPerSecond);
    }, 1000);
    const figures = await clients.call({ cmd: 'measure', ms: MEASURE_MS });
    clearInterval(sampler);
    // The samples span the window and the grace after it (clients.mjs), which the feed keeps busy alike.
    const after = sample();
    const redisAfter = setup.redis ? redis.counters() : null;
    const seconds = (after.servers[0].at - before.servers[0].at) / 1000;
    const percent = (group, i) => Math.round(((after[group][i].cpu - before[group][i].cpu) / seconds) * 100);
    const groupPercent = (group) =>
      Math.round(((cpuOf(after[group]) - cpuOf(before[group])) / seconds) * 100);
    const roles = await Promise.all(
      servers.map((s) => health(s.url).then((h) => h?.process?.field ?? 'single')),
    );
    const heaps = await Promise.all(servers.map((s) => heapMiB(s.url).catch(() => null)));
    const offered = CLIENTS * PER_CLIENT * FEED_HZ;
    const serversPercent = groupPercent('servers');
    const changes = CHANGES_PER_SECOND * seconds;
    const result = {
      ...figures,
      offeredPerSecond: offered,
      deliveredShare: +(figures.updatesPerSecond / offered).toFixed(3),
      processes: servers.map((s, i) => ({
        role: roles[i],
        cpuPercent: percent('servers', i),
        rssMiB: mib(after.servers[i].rss),
        rssMaxMiB: mib(Math.max(rssMax[i], after.servers[i].rss)),
        heapUsedMiB: heaps[i],
      })),
      serversCpuPercent: serversPercent,
      nginxCpuPercent: setup.nginx ? groupPercent('nginx') : null,
      redisCpuPercent: setup.redis ? groupPercent('redis') : null,
      clientProcessCpuPercent: groupPercent('clients'),
      // Delivered values per second for one core's worth of server CPU (all server processes).
      updatesPerServerCoreSecond: Math.round(figures.updatesPerSecond / Math.max(0.01, serversPercent / 100)),
      // Server CPU per connected client (all processes), in milliseconds per second.
      serverCpuMsPerClientSecond: +((serversPercent * 10) / CLIENTS).toFixed(3),
      redis: setup.redis
        ? {
            changesFedPerSecond: CHANGES_PER_SECOND,
            publishesPerSecond: Math.round((redisAfter.publishes - redisBefore.publishes) / seconds),
            inBytesPerSecond: Math.round((redisAfter.inBytes - redisBefore.inBytes) / seconds),
            outBytesPerSecond: Math.round((redisAfter.outBytes - redisBefore.outBytes) / seconds),
            inBytesPerChange: +((redisAfter.inBytes - redisBefore.inBytes) / changes).toFixed(1),
            outBytesPerChange: +((redisAfter.outBytes - redisBefore.outBytes) / changes).toFixed(1),
            commandsPerSecond: Math.round((redisAfter.commands - redisBefore.commands) / seconds),
            instantaneousOpsPerSecond: opsSamples.length
              ? Math.round(opsSamples.reduce((a, b) => a + b, 0) / opsSamples.length)
              : null,
          }
        : null,
      seconds: +seconds.toFixed(1),
    };
    console.log(setup.label, JSON.stringify(result));
    return result;
  } finally {
    if (clients) {
      await clients.call({ cmd: 'close' }).catch(() => {});
      clients.kill();
    }
    await nginx?.stop();
    // Followers first, so the owner's leaving does not start a takeover.
    for (const server of servers.reverse()) await server.stop();
    await database.drop();
  }
}

const started = Date.now();
const plant = await writePlant();
const needsRedis = SETUPS.some((s) => s.redis);
const redis = needsRedis ? await startRedis() : null;
const results = {};
try {
  for (const setup of SETUPS) {
    // A set-up that fails (on a machine this busy the owner can miss its lease renewal and exit)
    // is tried once more; a second failure is reported as such instead of ending the run.
    for (let attempt = 1; attempt <= 2 && !results[setup.label]?.updatesPerSecond; attempt++) {
      try {
        results[setup.label] = { ...(await measureSetup(setup, plant, redis)), attempt };
      } catch (error) {
        console.error(`${setup.label}, attempt ${attempt}: ${error}`);
        results[setup.label] = { error: String(error), attempt };
      }
    }
  }
} finally {
  await redis?.stop();
  fs.rmSync(path.dirname(plant.file), { recursive: true, force: true });
}

const baseline = results[SETUPS[0].label];
const ratios = Object.fromEntries(
  SETUPS.slice(1)
    .filter(({ label }) => results[label].updatesPerSecond && baseline.updatesPerSecond)
    .map(({ label }) => {
      const r = results[label];
      return [
        `${label} / baseline`,
        {
          updatesRatio: +(r.updatesPerSecond / Math.max(1, baseline.updatesPerSecond)).toFixed(2),
          serverCpuRatio: +(r.serversCpuPercent / Math.max(1, baseline.serversCpuPercent)).toFixed(2),
          p99Ms: r.p99Ms,
          p99BaselineMs: baseline.p99Ms,
        },
      ];
    }),
);
report('scale', {
  setup: {
    pvs: STATIONS * PVS_PER_STATION,
    changesPerSecond: CHANGES_PER_SECOND,
    clients: CLIENTS,
    pvsPerClient: PER_CLIENT,
    measureMs: MEASURE_MS,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
  },
  ...results,
  ...ratios,
  seconds: Math.round((Date.now() - started) / 1000),
});
// A set-up that did not get through fails the run (its error is in the results).
if (Object.values(results).some((r) => r.error)) process.exitCode = 1;
