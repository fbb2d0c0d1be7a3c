/** A source of uniform numbers in [0, 1), like Math.random. */
export type Random = () => number;

/** Mulberry32: a small, fast PRNG; the same seed gives the same plant history. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform in [min, max). */
export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** True with the given probability. */
export function chance(random: Random, probability: number): boolean {
  return probability > 0 && random() < probability;
}

/** Symmetric noise in (-amplitude, amplitude), triangular so small deviations are likelier. */
export function jitter(random: Random, amplitude: number): number {
  return amplitude === 0 ? 0 : (random() - random()) * amplitude;
}

/** One element, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}

/**
 * Probability that an event with the given mean rate per hour occurs within dt seconds, so a
 * rate holds whatever the tick length.
 */
export function ratePerStep(perHour: number, dtSeconds: number): number {
  return perHour <= 0 ? 0 : 1 - Math.exp((-perHour * dtSeconds) / 3600);
}
