import { createSimulator, QUIET_RATES, type SimulatorRates } from '../../sources/index.js';
import { createPlant } from '../create-plant.js';
import { DEMO_PLANT_PATH, loadPlantDefinition } from '../index.js';

/** 10 June 2025, 10:00 in Berlin: the moment simulated plants of tests start at. */
export const SIMULATION_START = Date.UTC(2025, 5, 10, 8, 0, 0);

/**
 * The demo plant on the simulator with a clock the caller advances (for tests and benchmarks):
 * deterministic seed, no random events unless rates are given.
 */
export async function simulatedDemoPlant(
  options: { seed?: number; rates?: Partial<SimulatorRates>; tickMs?: number } = {},
) {
  const definition = loadPlantDefinition(DEMO_PLANT_PATH);
  let t = SIMULATION_START;
  const now = () => t;
  const source = createSimulator(definition, {
    seed: options.seed ?? 7,
    rates: { ...QUIET_RATES, ...options.rates },
    tickMs: options.tickMs,
    now,
    autoTick: false,
  });
  const plant = createPlant({ definition, source, now });
  await plant.start();
  return {
    definition,
    plant,
    source,
    now,
    /** Advances the clock by `seconds` in steps of `stepSeconds`, stepping the simulator each time. */
    run(seconds: number, stepSeconds = 1): void {
      for (let s = 0; s < seconds; s += stepSeconds) {
        t += stepSeconds * 1000;
        source.step();
      }
    },
    /** Runs until the condition holds; false when `maxSeconds` passed first. */
    runUntil(condition: () => boolean, maxSeconds: number, stepSeconds = 1): boolean {
      for (let s = 0; s < maxSeconds; s += stepSeconds) {
        t += stepSeconds * 1000;
        source.step();
        if (condition()) return true;
      }
      return false;
    },
  };
}

export type SimulatedPlant = Awaited<ReturnType<typeof simulatedDemoPlant>>;
