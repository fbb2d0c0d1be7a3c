import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './free-port.js';

/** The broker every test machine runs (scripts/ensure-field-peers.sh starts it where it does not). */
export const SHARED_BROKER = 'mqtt://127.0.0.1:1883';

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function requireSharedBroker(): Promise<void> {
  if (!(await reachable(1883)))
    throw new Error(
      'Mosquitto is not running at 127.0.0.1:1883: run scripts/ensure-field-peers.sh (npm test does)',
    );
}

/** A topic prefix of its own, so tests on the shared broker never see each other's messages. */
export const topicPrefix = (name: string) => `lwtest/${name}-${randomBytes(4).toString('hex')}`;

export interface PrivateBrokerOptions {
  /** user → password, kept in a mosquitto password file. */
  users?: Record<string, string>;
  tls?: { ca: string; cert: string; key: string };
}

export interface PrivateBroker {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/** A broker of the test's own (Debian's mosquitto in the foreground), to cut and restore at will. */
export async function startPrivateBroker(options: PrivateBrokerOptions = {}): Promise<PrivateBroker> {
  const dir = mkdtempSync(path.join(tmpdir(), 'leitwarte-mosquitto-'));
  const port = await freePort();
  // user root: as root, mosquitto would otherwise drop to its own user, which cannot read this directory.
  const lines = [`listener ${port} 127.0.0.1`, 'persistence false', 'log_dest none', 'user root'];
  if (options.users) {
    const file = path.join(dir, 'passwords');
    writeFileSync(file, '');
    for (const [user, password] of Object.entries(options.users)) {
      const result = spawnSync('mosquitto_passwd', ['-b', file, user, password], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`mosquitto_passwd: ${result.stderr}`);
    }
    lines.push('allow_anonymous false', `password_file ${file}`);
  } else lines.push('allow_anonymous true');
  if (options.tls)
    lines.push(`cafile ${options.tls.ca}`, `certfile ${options.tls.cert}`, `keyfile ${options.tls.key}`);
  const config = path.join(dir, 'mosquitto.conf');
  writeFileSync(config, `${lines.join('\n')}\n`);
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child) return;
    child = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
    await waitFor(`mosquitto on ${port}`, () => reachable(port));
  };
  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    port,
    url: `${options.tls ? 'mqtts' : 'mqtt'}://127.0.0.1:${port}`,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A certificate authority and a server certificate for 127.0.0.1, made with openssl. */
export function makeTlsFiles(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => path.join(dir, name);
  const run = (args: string[]) => {
    const result = spawnSync('openssl', args, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`openssl ${args[0]}: ${result.stderr}`);
  };
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Leitwarte Test CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  ]);
  run([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  ]);
  writeFileSync(file('san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  run([
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('san.cnf'),
    '-out',
    file('server.pem'),
  ]);
  return { ca: file('ca.pem'), cert: file('server.pem'), key: file('server.key') };
}
