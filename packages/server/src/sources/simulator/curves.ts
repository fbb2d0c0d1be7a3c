import { between, ratePerStep, type Random } from './random.js';

/**
 * Hourly factors of drinking water demand in a German supply area: low at night, a morning
 * peak around 7 h and a second one in the evening. Normalised below to a mean of 1.
 */
const DRINKING = [
  0.45, 0.38, 0.35, 0.34, 0.38, 0.6, 1.15, 1.55, 1.45, 1.25, 1.15, 1.15, 1.2, 1.1, 1.0, 0.98, 1.05, 1.2, 1.35,
  1.4, 1.3, 1.1, 0.85, 0.6,
];
/** Dry-weather wastewater: the drinking curve delayed by the sewer and smoothed. */
const WASTEWATER = [
  0.6, 0.5, 0.45, 0.42, 0.42, 0.5, 0.7, 1.0, 1.3, 1.4, 1.35, 1.3, 1.3, 1.25, 1.2, 1.1, 1.05, 1.1, 1.2, 1.3,
  1.3, 1.2, 1.0, 0.8,
];

function normalise(factors: number[]): number[] {
  const mean = factors.reduce((a, b) => a + b, 0) / factors.length;
  return factors.map((f) => f / mean);
}
const CURVES = { drinking: normalise(DRINKING), wastewater: normalise(WASTEWATER) };

/** Day-curve factor (mean 1 over the day) at a local hour, linearly between the hours. */
export function curveFactor(curve: 'drinking' | 'wastewater' | 'constant', hourOfDay: number): number {
  if (curve === 'constant') return 1;
  const factors = CURVES[curve];
  const h = ((hourOfDay % 24) + 24) % 24;
  const i = Math.floor(h);
  const a = factors[i] ?? 1;
  const b = factors[(i + 1) % 24] ?? 1;
  return a + (b - a) * (h - i);
}

/** Plant-wide rain: 0 dry, 1 a heavy storm. Drives sewer inflows, basins and rain gauges. */
export interface RainModel {
  readonly intensity: number;
  step(dtSeconds: number): void;
}

/**
 * Rain events arrive at random (mean `eventsPerDay`), last 20 to 120 minutes and rise and fall
 * as a half sine, so basins fill and empty plausibly and an overflow now and then happens.
 */
export function createRain(random: Random, eventsPerDay: number): RainModel {
  let elapsed = 0;
  let duration = 0;
  let peak = 0;
  let intensity = 0;
  return {
    get intensity() {
      return intensity;
    },
    step(dt) {
      if (duration > 0) {
        elapsed += dt;
        if (elapsed >= duration) {
          duration = 0;
          intensity = 0;
        } else {
          intensity = peak * Math.sin((Math.PI * elapsed) / duration);
        }
        return;
      }
      if (random() < ratePerStep(eventsPerDay / 24, dt)) {
        elapsed = 0;
        duration = between(random, 20, 120) * 60;
        // Mostly light rain; a storm now and then.
        peak = Math.min(1, 0.1 + random() ** 2 * 0.9);
      }
    },
  };
}
