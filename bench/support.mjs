// Shared pieces of the benchmarks: start the built server, log in, measure, report.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PASSWORD = 'Bench-Admin-Password-1';

/** The PostgreSQL server the benchmarks use (the test suite's). */
export const PG_URL = process.env.LEITWARTE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A PostgreSQL database of its own, named `leitwarte_<purpose>_…`; drop() removes it whatever holds connections. */
export async function createPgDatabase(purpose) {
  const { default: pg } = await import('pg');
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const name = `leitwarte_${purpose}_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** The Node.js flags of `npm start` (package.json), so a benchmark measures the server as started. */
function serverNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const flags = /\bnode((?: --\S+)*) packages\/server\/dist\/main\.js/.exec(scripts.start);
  if (!flags) throw new Error('package.json: the start script no longer runs packages/server/dist/main.js');
  return flags[1].split(' ').filter(Boolean);
}
const SERVER_NODE_FLAGS = serverNodeFlags();

/**
 * Starts packages/server/dist/main.js on a fresh data directory; returns url, pid and stop().
 * A LEITWARTE_PORT in env is kept (a process that must know its own address beforehand).
 */
export async function startServer(env = {}) {
  const port = env.LEITWARTE_PORT ? Number(env.LEITWARTE_PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-bench-'));
  const args = [...SERVER_NODE_FLAGS, path.join(ROOT, 'packages/server/dist/main.js')];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      LEITWARTE_PORT: String(port),
      LEITWARTE_HOST: '127.0.0.1',
      LEITWARTE_DATA_DIR: dataDir,
      LEITWARTE_ADMIN_PASSWORD: PASSWORD,
      LEITWARTE_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      // It may have ended by itself (a process of several that lost the field exits).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in as the bench administrator (form token and bot check, as the web app); returns the Cookie header value. */
export async function login(url) {
  // The built server's own login client: the same form token and proof-of-work answer as the browser.
  const { postLogin } = await import('../packages/server/dist/auth/login-client.js');
  const reply = await postLogin(url, 'admin', PASSWORD);
  if (!reply.ok) throw new Error(`login failed: ${reply.status}`);
  return reply.headers
    .getSetCookie()
    .find((c) => c.startsWith('lw_session='))
    .split(';')[0];
}

/** Percentile of sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Prints a table of figures and writes bench/results/<name>.json. */
export function report(name, figures) {
  console.table(figures);
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, 'bench/results', `${name}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), node: process.version, figures }, null, 2),
  );
}
