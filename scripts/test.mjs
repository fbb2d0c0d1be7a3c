// The whole suite: unit, integration (SQLite and PostgreSQL) and browser tests, with what they
// need installed first. Usage: npm test [-- vitest arguments]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 3000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

run('bash', ['scripts/ensure-chromium.sh']);
run('bash', ['scripts/ensure-field-peers.sh']);
run('bash', ['scripts/ensure-scale-peers.sh']);

const pgUrl = new URL(process.env.LEITWARTE_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
if (!(await reachable(pgUrl.hostname, Number(pgUrl.port || 5432)))) {
  console.error(
    `PostgreSQL is not reachable at ${pgUrl.host}: the PostgreSQL tests need it (LEITWARTE_TEST_PG_URL).`,
  );
  process.exit(1);
}

// Browser tests run the built app and server, exactly as npm start does.
run('npm', ['run', 'build']);

mkdirSync('test-results', { recursive: true });
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
try {
  const summary = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(
    `\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`,
  );
} catch {
  console.log('\nTests: no summary was written');
}
process.exit(vitest.status ?? 1);
