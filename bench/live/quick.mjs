// One scenario of the live benchmark for quick checks while working on the live layer:
// `node bench/live/quick.mjs [N] [hz]` (defaults 1000 and 1); BENCH_LIVE_MEASURE_MS shortens
// the window, BENCH_LIVE_PROFILE=file preloads that script into the server (e.g. one that starts the
// inspector profiler).
import fs from 'node:fs';
import path from 'node:path';
import { run, writePlant } from './harness.mjs';

const n = Number(process.argv[2] ?? 1000);
const hz = process.argv[3] ?? '1';
const profile = process.env.BENCH_LIVE_PROFILE;
const env = { LEITWARTE_BENCH_FEED_HZ: hz };
if (process.env.LEITWARTE_BENCH_PV_TICK_MS)
  env.LEITWARTE_BENCH_PV_TICK_MS = process.env.LEITWARTE_BENCH_PV_TICK_MS;
if (profile) env.NODE_OPTIONS = `--require ${path.resolve(profile)}`;
const plant = await writePlant();
try {
  await run(env, [{ label: `N=${n} at ${hz} Hz`, n, warmMs: 4000 }], plant);
} finally {
  fs.rmSync(path.dirname(plant.file), { recursive: true, force: true });
}
