// Development: the server restarts on change (tsx watch), Vite serves the web app with hot reload
// and proxies /api and /hubs to the server.
import { spawn, spawnSync } from 'node:child_process';

const built = spawnSync('npx', ['tsc', '-b', 'packages/core'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const port = process.env.LEITWARTE_PORT ?? '8080';
const children = [
  spawn('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'packages/core'], { stdio: 'inherit' }),
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'packages/server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LEITWARTE_PORT: port },
  }),
  spawn('npm', ['run', 'dev', '-w', '@leitwarte/web'], {
    stdio: 'inherit',
    env: { ...process.env, LEITWARTE_PORT: port },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
