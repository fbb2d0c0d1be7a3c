// Live updates: one server process with a generated plant of 50,000 PVs that all change once a
// second (plus a burst run at 10 Hz), N subscribers in a second process (N = 10, 100, 1,000,
// each watching 1,000 PVs), a group of clients that never read, and in the same run the naive
// baseline that sends every change as its own message (pv tick 0). Prints the figures and writes
// bench/results/live.json.
//
// What is measured: the production path (16 ms tick per connection, JSON hub protocol, the rights
// checks of SubscribeToPvs) fed by the benchmark feed, which makes its changes at fixed times (a
// late timer catches up) and stamps each with the time it was due, so event-loop delay counts as
// latency.
// A delivered update is a value a client received whose change time lies inside the measuring
// window, counted whenever it arrives up to 2 s after the window (later ones count as lost); the
// rate is those values per second of window, and p50/p99 are their ages on arrival, taken when
// a message's last byte arrived (the clients find every value's "timestamp" with a byte search
// instead of Buffer indexOf, and read their sockets into one reused buffer; the same values are
// counted with the same ages, only cheaper for the measuring process). Counting by
// change time keeps the cut of the window from biasing the count: at 1 Hz the N = 1,000 scenario
// offers exactly 1,000 × 1,000 changes a second, so "≥ 1,000,000 delivered" there means every
// change arrived (deliveredShare 1). The 10 Hz burst offers ten times that; conflation sends at
// most one value per PV per tick, so it shows the ceiling of the machine, not a target.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { report } from '../support.mjs';
import { PER_CLIENT, PVS_PER_STATION, STALLED, STALLED_PVS, STATIONS, run, writePlant } from './harness.mjs';

const started = Date.now();
const plant = await writePlant();
const conflated = await run(
  { LEITWARTE_BENCH_FEED_HZ: '1' },
  [
    { label: 'N=10', n: 10 },
    { label: 'N=100', n: 100 },
    { label: 'N=1000', n: 1000, warmMs: 4000 },
    {
      label: `N=1000 + ${STALLED} non-reading`,
      n: 1000,
      stalled: STALLED,
      stalledPvs: STALLED_PVS,
      warmMs: 3000,
      measureMs: 10_000,
    },
  ],
  plant,
);
const burst = await run(
  { LEITWARTE_BENCH_FEED_HZ: '10' },
  [
    { label: 'burst 10 Hz, N=100', n: 100 },
    { label: 'burst 10 Hz, N=1000', n: 1000, warmMs: 4000 },
  ],
  plant,
);
const naive = await run(
  { LEITWARTE_BENCH_FEED_HZ: '1', LEITWARTE_BENCH_PV_TICK_MS: '0' },
  [
    { label: 'naive N=10', n: 10 },
    // N = 1,000 is left out: one message per change cannot keep up there (the server's queues
    // grow until the run is stopped), which is the point of conflating.
    { label: 'naive N=100', n: 100 },
  ],
  plant,
);
fs.rmSync(path.dirname(plant.file), { recursive: true, force: true });

const ratio = (n) => {
  const ours = conflated[`N=${n}`];
  const theirs = naive[`naive N=${n}`];
  return {
    throughputRatio: +(ours.updatesPerSecond / Math.max(1, theirs.updatesPerSecond)).toFixed(2),
    cpuRatio: +(ours.serverCpuPercent / Math.max(1, theirs.serverCpuPercent)).toFixed(2),
    p99Ours: ours.p99Ms,
    p99Naive: theirs.p99Ms,
  };
};
const stalled = conflated[`N=1000 + ${STALLED} non-reading`];
report('live', {
  setup: {
    pvs: STATIONS * PVS_PER_STATION,
    changesPerSecond: STATIONS * PVS_PER_STATION,
    pvsPerClient: PER_CLIENT,
    nonReadingClients: `${STALLED} × ${STALLED_PVS} PVs`,
    cpus: os.cpus().length,
  },
  ...conflated,
  ...burst,
  ...naive,
  'ours / naive, N=10': ratio(10),
  'ours / naive, N=100': ratio(100),
  targets: {
    'updates/s at N=1000 ≥ 1,000,000': conflated['N=1000'].updatesPerSecond >= 1_000_000,
    'p99 at N=1000 ≤ 50 ms': conflated['N=1000'].p99Ms !== null && conflated['N=1000'].p99Ms <= 50,
    'memory flat with non-reading clients (growth ≤ 64 MiB)': stalled.serverRssGrowthMiB <= 64,
  },
  seconds: Math.round((Date.now() - started) / 1000),
});
