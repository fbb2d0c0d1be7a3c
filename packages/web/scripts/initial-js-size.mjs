// Sums the gzipped JavaScript a first visit of a route downloads: the entry chunk, the chunks it
// imports statically, and the lazily loaded page chunks that route renders (with their imports).
// Reads Vite's manifest, so run `npm run build -w @leitwarte/web` first. Budget: DESIGN.md, 150 KiB.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const BUDGET_KIB = 150;

// What each first visit renders besides the entry (source files of the lazy pages).
const ROUTES = {
  '/login': ['src/features/login/login-page.tsx'],
  '/overview (shell)': ['src/app/shell/app-shell-layout.tsx'],
  '/overview (shell + screen)': [
    'src/app/shell/app-shell-layout.tsx',
    'src/features/overview/overview-page.tsx',
  ],
};

function collect(key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
let failed = false;
for (const [route, pages] of Object.entries(ROUTES)) {
  const files = new Set();
  collect(entry, files);
  for (const page of pages) collect(page, files);
  const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(`${dist}${file}`)).length, 0);
  const kib = bytes / 1024;
  process.stdout.write(
    `${route.padEnd(28)} ${kib.toFixed(1).padStart(6)} KiB gzip in ${files.size} chunks\n`,
  );
  if (route === '/login' && kib > BUDGET_KIB) failed = true;
}
if (failed) {
  process.stderr.write(`initial JS for /login exceeds ${BUDGET_KIB} KiB\n`);
  process.exitCode = 1;
}
