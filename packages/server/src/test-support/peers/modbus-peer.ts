import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

/** Debian's python3-pymodbus runs with the system's python, whatever else is on PATH. */
const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./modbus-peer.py', import.meta.url));

export type PeerTable = 'coil' | 'discrete' | 'input' | 'holding';
export interface ModbusPeerConfig {
  port?: number;
  units?: number[];
  tables: Partial<Record<PeerTable, { count: number; start?: number } | { addresses: number[] }>>;
  /** New random values for these registers at this interval (a busy device). */
  churn?: { table: PeerTable; count: number; start?: number; everyMs?: number };
}

export interface ModbusPeer {
  port: number;
  set(table: PeerTable, address: number, values: (number | boolean)[], unit?: number): Promise<void>;
  get(table: PeerTable, address: number, count?: number, unit?: number): Promise<(number | boolean)[]>;
  /** Ends the device (its connections drop); start() brings it back on the same port, values reset. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Fails with what to do when the peer cannot run here. */
export function requirePymodbus(): void {
  const check = spawnSync(PYTHON, ['-c', 'import pymodbus'], { encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(
      "Debian's python3-pymodbus is missing: run scripts/ensure-field-peers.sh (npm test does)",
    );
}

/** A Modbus TCP device (pymodbus) on a free port of the loopback, driven by the test. */
export async function startModbusPeer(config: ModbusPeerConfig): Promise<ModbusPeer> {
  requirePymodbus();
  const port = config.port ?? (await freePort());
  let child: ChildProcessWithoutNullStreams | null = null;
  let waiting: ((reply: { ok: boolean; values?: (number | boolean)[]; error?: string }) => void)[] = [];

  const launch = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(PYTHON, [SCRIPT, JSON.stringify({ ...config, port })], { stdio: 'pipe' });
      child = proc;
      let buffer = '';
      let errors = '';
      proc.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      proc.once('exit', (code) => reject(new Error(`modbus peer exited (${code}): ${errors}`)));
      proc.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
          const line = JSON.parse(buffer.slice(0, i)) as { listening?: number; ok: boolean };
          buffer = buffer.slice(i + 1);
          if (line.listening !== undefined) resolve();
          else waiting.shift()?.(line);
        }
      });
    });

  const send = (command: object) =>
    new Promise<{ ok: boolean; values?: (number | boolean)[]; error?: string }>((resolve, reject) => {
      if (!child) return reject(new Error('modbus peer is stopped'));
      waiting.push(resolve);
      child.stdin.write(`${JSON.stringify(command)}\n`);
    }).then((reply) => {
      if (!reply.ok) throw new Error(`modbus peer: ${reply.error}`);
      return reply;
    });

  await launch();
  return {
    port,
    async set(table, address, values, unit = 1) {
      await send({ op: 'set', unit, table, address, values });
    },
    async get(table, address, count = 1, unit = 1) {
      return (await send({ op: 'get', unit, table, address, count })).values ?? [];
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      child = null;
      waiting = [];
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
    async start() {
      if (!child) await launch();
    },
  };
}
