import type { ProcessValue } from '@leitwarte/core';
import type { Plant } from '../plant/plant.js';
import type { Backplane } from './backplane.js';

// Changes are spread over the period in this many slices of neighbouring PVs, the way stations
// report: a station's values arrive together, different stations at different moments.
const SLICES = 20;

/**
 * For the live benchmark only: every PV of the plant changes `hz` times a second, published on
 * the backplane like the plant's own changes (the simulator changes only what moves physically,
 * far fewer than all PVs each second). Enabled by LEITWARTE_BENCH_FEED_HZ; never in production.
 */
export function startBenchFeed(plant: Plant, backplane: Backplane, hz: number): () => void {
  const keys = plant.pvConfigs().map((config) => `${config.pvRef.type}-${config.pvRef.nr}`);
  const size = Math.ceil(keys.length / SLICES);
  const sliceMs = 1000 / hz / SLICES;
  const started = Date.now();
  let round = 0;
  const publishSlice = () => {
    round += 1;
    const slice = round % SLICES;
    // The time the change was due, not when the timer got to it: a busy event loop delays the
    // server's intake like it would delay a field update's, and that delay belongs to the latency.
    const timestamp = Math.round(started + round * sliceMs);
    const batch: ProcessValue[] = [];
    for (const key of keys.slice(slice * size, (slice + 1) * size)) {
      const current = plant.values.get(key);
      if (current === undefined) continue;
      batch.push(
        current.type === 'DoubleValue'
          ? {
              ...current,
              timestamp,
              doubleValue: current.doubleValue + (round % (2 * SLICES) < SLICES ? 1e-6 : 0),
            }
          : { ...current, timestamp },
      );
    }
    backplane.publish('pv.values', batch);
  };
  // Slices are due at fixed times from the start: a late timer publishes every slice it is
  // behind, so the feed offers exactly the rate asked for, also on a busy server.
  // A server more than a period behind skips those changes instead of piling up work: they are
  // never made, so a benchmark counting by change time sees them as not delivered.
  // Each run sets its timer for the next slice's due time: an interval would drift by every
  // run's lateness, so slices would be published up to a slice period after they were due and
  // stamped, and the benchmark would count the feed's own drift as delivery latency.
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const step = () => {
    const due = Math.floor((Date.now() - started) / sliceMs);
    if (due - round > SLICES) round = due - SLICES;
    while (round < due) publishSlice();
    if (stopped) return;
    timer = setTimeout(step, Math.max(0, Math.ceil(started + (round + 1) * sliceMs - Date.now())));
    timer.unref();
  };
  step();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}

/** Reads a bench-only numeric variable; refuses anything but a non-negative number. */
export function benchNumber(name: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
}
