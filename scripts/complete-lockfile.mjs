// The package registry this project installs from serves only the platform packages that are
// actually used here, so `npm install` cannot read the other platforms' optional packages
// (e.g. @rollup/rollup-darwin-arm64) and leaves them out of package-lock.json. `npm ci` then
// refuses the lock file as out of sync. This adds the missing optional platform entries with the
// os/cpu/libc their names state, so `npm ci` skips them on every other platform.
// Usage: node scripts/complete-lockfile.mjs [--check]   (--check: report only, exit 1 when incomplete)
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
];
const CPU = ['arm64', 'arm', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'x64', 'wasm32'];

/** os/cpu/libc stated by a platform package name such as rollup-linux-arm-musleabihf. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (os === undefined && cpu === undefined) return null;
  const entry = {};
  if (cpu !== undefined) entry.cpu = [cpu];
  if (os !== undefined) entry.os = [os];
  if (parts.some((p) => p.startsWith('musl'))) entry.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

const check = process.argv.includes('--check');
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    if (packages[`${base}node_modules/${dep}`] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (platform === null) continue;
    // Platform packages are published in lockstep with their parent.
    const version = /^\d+\.\d+\.\d+/.test(range) ? range : entry.version;
    packages[`node_modules/${dep}`] = { version, ...platform, optional: true };
    added.push(`${dep}@${version}`);
  }
}
if (check) {
  if (added.length > 0) {
    console.error(`package-lock.json lacks ${added.length} optional platform packages (e.g. ${added[0]}):`);
    console.error('run "node scripts/complete-lockfile.mjs" after npm install.');
    process.exit(1);
  }
} else if (added.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
  );
  writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`added ${added.length} optional platform packages to package-lock.json`);
}
