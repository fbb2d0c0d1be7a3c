// Shared pieces of the live benchmark: the plant file, the subscriber process and one run of
// scenarios against a freshly started server.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, login, startServer } from '../support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const STATIONS = 50;
export const PVS_PER_STATION = 1000;
export const PER_CLIENT = 1000;
export const MEASURE_MS = Number(process.env.BENCH_LIVE_MEASURE_MS ?? 6000);
export const STALLED = 20;
export const STALLED_PVS = 5000;

/**
 * The plant file: the same station and measurement units the plant generator uses, written as a
 * plant document (the generator returns the loaded definition, not the file), then loaded with
 * the server's own parser to prove it is valid.
 */
export async function writePlant() {
  const { parsePlantDefinition } = await import(path.join(ROOT, 'packages/server/dist/plant/index.js'));
  const document = {
    format: 'leitwarte-plant/1',
    plant: {
      id: `BENCH-${STATIONS}x${PVS_PER_STATION}`,
      name: 'Benchmark-Anlage',
      operator: 'Benchmark',
      client: 'Benchmark',
      provider: 'Benchmark',
      company: 'Benchmark',
      publicAuthority: 'Benchmark',
      timeZone: 'Europe/Berlin',
    },
    stations: Array.from({ length: STATIONS }, (_, s) => ({
      number: s + 1,
      name: `Station ${s + 1}`,
      kind: 'Hochbehälter',
      eks: `S${s + 1}`,
      location: null,
      processImage: null,
      mobileNetworkStandard: 'LTE',
      connection: 'permanent',
      units: Array.from({ length: PVS_PER_STATION }, (_, k) => ({
        unit: 'measurement',
        id: `s${s + 1}-m${k}`,
        name: `Messwert ${k + 1}`,
        eks: `M${k + 1}`,
        at: k + 1,
        subtype: 'Messwert',
        dimension: 'mg/l',
        min: 0,
        max: 10,
        nominal: 5,
        // Still: the changes come from the benchmark feed alone, at exactly the rate asked for.
        noise: 0,
      })),
    })),
  };
  const definition = parsePlantDefinition(document);
  if (definition.pvs.length !== STATIONS * PVS_PER_STATION)
    throw new Error(`plant has ${definition.pvs.length} PVs`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-plant-')), 'plant.json');
  fs.writeFileSync(file, JSON.stringify(document));
  return { file, refs: definition.pvs.map((pv) => pv.config.pvRef) };
}

/** CPU seconds and RSS of a process from /proc. */
export function processSample(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const cpu = (Number(stat[11]) + Number(stat[12])) / 100;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  return { cpu, rss, at: performance.now() };
}

/** The subscriber process (clients.mjs), driven over IPC. */
export function subscribers() {
  const child = fork(path.join(here, 'clients.mjs'), { stdio: 'inherit' });
  let next = 0;
  const pending = new Map();
  child.on('message', (/** @type {{ id: number, result: unknown, error?: string }} */ reply) => {
    const { id, result, error } = reply;
    const { resolve, reject } = pending.get(id);
    pending.delete(id);
    if (error) reject(new Error(error));
    else resolve(result);
  });
  // A subscriber process that dies fails the calls it left open instead of leaving them hanging.
  child.on('exit', (code, signal) => {
    for (const { reject } of pending.values())
      reject(new Error(`subscriber process ended (${code ?? signal})`));
    pending.clear();
  });
  return {
    call: (message) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        child.send({ ...message, id });
      }),
    kill: () => child.kill(),
    pid: child.pid,
  };
}

async function scenario(server, clients, label, connect, options = {}) {
  await clients.call({ cmd: 'connect', ...connect });
  await new Promise((r) => setTimeout(r, options.warmMs ?? 2000));
  const before = processSample(server.pid);
  const clientBefore = processSample(server.clientPid);
  const rssSamples = [];
  const sampler = setInterval(() => rssSamples.push(processSample(server.pid).rss), 500);
  const figures = await clients.call({ cmd: 'measure', ms: options.measureMs ?? MEASURE_MS });
  clearInterval(sampler);
  const after = processSample(server.pid);
  const clientAfter = processSample(server.clientPid);
  const seconds = (after.at - before.at) / 1000;
  const offered = options.offeredPerSecond;
  const result = {
    ...figures,
    // Changes of the subscribed PVs the feed made per second, and the share that arrived.
    offeredPerSecond: offered,
    deliveredShare: offered ? +(figures.updatesPerSecond / offered).toFixed(3) : null,
    serverCpuPercent: Math.round(((after.cpu - before.cpu) / seconds) * 100),
    serverRssMiB: +(after.rss / 2 ** 20).toFixed(1),
    serverRssGrowthMiB: +((after.rss - before.rss) / 2 ** 20).toFixed(1),
    serverRssMaxMiB: +(Math.max(...rssSamples, after.rss) / 2 ** 20).toFixed(1),
    clientProcessCpuPercent: Math.round(((clientAfter.cpu - clientBefore.cpu) / seconds) * 100),
  };
  console.log(label, JSON.stringify(result));
  return result;
}

export async function run(env, plan, plant) {
  // No history backfill: generating past samples for 50,000 PVs would compete with the run.
  const server = await startServer({ LEITWARTE_PLANT: plant.file, LEITWARTE_BACKFILL: 'false', ...env });
  const clients = subscribers();
  server.clientPid = clients.pid;
  try {
    const cookie = await login(server.url);
    const base = { url: server.url, cookie, refs: plant.refs, perClient: PER_CLIENT };
    const results = {};
    let connected = 0;
    for (const step of plan) {
      const add = step.n - connected;
      connected = step.n;
      results[step.label] = await scenario(
        server,
        clients,
        step.label,
        { ...base, count: add, stalledCount: step.stalled ?? 0, stalledPvs: step.stalledPvs ?? 0 },
        { ...step, offeredPerSecond: step.n * PER_CLIENT * Number(env.LEITWARTE_BENCH_FEED_HZ ?? 0) },
      );
    }
    return results;
  } finally {
    await clients.call({ cmd: 'close' }).catch(() => {});
    clients.kill();
    await server.stop();
  }
}
