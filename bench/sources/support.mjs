// Pieces of the data source benchmarks: plants, processes, CPU and metrics of the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const TICKS = 100; // Linux clock ticks per second (USER_HZ)

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The value of a metric summed over its series (Prometheus text from /metrics on the loopback). */
export async function metric(url, name) {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** A plant file of one or more field stations with explicit PVs, in a fresh directory. */
export function writePlant(sources, stations) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-plant-'));
  const file = path.join(dir, 'plant.json');
  const doc = {
    format: 'leitwarte-plant/1',
    plant: {
      id: 'BENCH',
      name: 'Benchmark',
      operator: 'B',
      client: 'B',
      provider: 'B',
      company: 'B',
      publicAuthority: 'B',
      timeZone: 'Europe/Berlin',
    },
    sources,
    stations: stations.map((s) => ({
      number: s.number,
      name: `Station ${s.number}`,
      kind: 'Pumpwerk',
      eks: `S${s.number}`,
      location: null,
      processImage: null,
      mobileNetworkStandard: 'LAN',
      connection: 'permanent',
      units: [],
      source: s.source,
      ...(s.address && { address: s.address }),
      pvs: s.pvs,
    })),
  };
  fs.writeFileSync(file, JSON.stringify(doc));
  return { file, dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A child process; resolves with it once it printed `ready` (or at once when `ready` is false). */
export function child(command, args, { ready = true } = {}) {
  const proc = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (chunk) => (out += chunk.toString()));
  const readyPromise = ready
    ? new Promise((resolve, reject) => {
        const check = () => (/ready|listening/.test(out) ? resolve() : setTimeout(check, 50));
        check();
        proc.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready`)));
      })
    : Promise.resolve();
  return {
    proc,
    ready: readyPromise,
    output: () => out,
    /** The last JSON line it printed, once it exited. */
    result: () =>
      new Promise((resolve) =>
        proc.once('exit', () =>
          resolve(
            JSON.parse(
              out
                .trim()
                .split('\n')
                .filter((l) => l.startsWith('{'))
                .pop() ?? '{}',
            ),
          ),
        ),
      ),
    stop: () =>
      new Promise((resolve) =>
        proc.exitCode !== null ? resolve() : (proc.once('exit', resolve), proc.kill('SIGTERM')),
      ),
  };
}

/** Waits until check() holds (polling). */
export async function until(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
