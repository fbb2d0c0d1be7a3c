import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ADMIN_PASSWORD = 'E2e-Admin-Password-1';

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends SIGTERM and waits for the exit; returns the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops (if running) and removes the data directory. */
  dispose(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface StartOptions {
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
}

/** Starts the built server (packages/server/dist/main.js) exactly as npm start runs it. */
export async function startServerProcess(options: StartOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'leitwarte-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'packages/server/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LEITWARTE_PORT: String(port),
      LEITWARTE_HOST: '127.0.0.1',
      LEITWARTE_DATA_DIR: dataDir,
      LEITWARTE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LEITWARTE_LOG_LEVEL: 'warn',
      // Generated history costs seconds of CPU; tests that look at archives turn it on.
      LEITWARTE_BACKFILL: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode !== null) return child.exitCode;
    child.kill(signal);
    return exited;
  };
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop,
    async dispose() {
      await stop();
      if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
