export { createSimulator } from './simulator.js';
export { DEFAULT_RATES, QUIET_RATES, type Simulator, type SimulatorOptions } from './options.js';
export type { SimulatorRates } from './instruments.js';
export { seededRandom, type Random } from './random.js';
export { WriteRefusedError } from './writes.js';
