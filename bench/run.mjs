// Runs every benchmark (bench/<name>/bench.mjs) one after another against the built server.
// Each prints its figures, with ratios against a baseline measured in the same run, and writes
// bench/results/<name>.json. Usage: npm run bench [-- name ...]
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const names = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(here, d.name, 'bench.mjs')))
  .map((d) => d.name)
  .filter((name) => wanted.length === 0 || wanted.includes(name));

let failed = 0;
for (const name of names) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, [path.join(here, name, 'bench.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
