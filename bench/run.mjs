// Runs every benchmark (bench/<name>/bench.mjs and bench/<name>/*-bench.mjs) one after another against the built server.
// Each prints its figures, with ratios against a baseline measured in the same run, and writes
// bench/results/<name>.json. Usage: npm run bench [-- name|script ...], e.g. `-- ui` or `-- charts-bench`
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
// A folder's benchmarks: its bench.mjs and any <topic>-bench.mjs beside it.
const scripts = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(here, d.name))
      .filter((file) => file === 'bench.mjs' || file.endsWith('-bench.mjs'))
      .sort()
      .map((file) => ({ name: d.name, file: path.join(here, d.name, file) })),
  )
  .filter(
    ({ name, file }) =>
      wanted.length === 0 || wanted.includes(name) || wanted.includes(path.basename(file, '.mjs')),
  );

let failed = 0;
for (const { name, file } of scripts) {
  console.log(`\n=== bench/${name}/${path.basename(file)} ===`);
  const result = spawnSync(process.execPath, [file], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
