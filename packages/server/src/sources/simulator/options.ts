import type {
  ArchivedValue,
  DataSource,
  DialAction,
  HistoryOptions,
  SourceHistory,
  StationUpdate,
} from '../data-source.js';
import type { SimulatorRates } from './instruments.js';
import type { Random } from './random.js';

export interface SimulatorOptions {
  /** Clock (ms since the epoch); tests inject a fake one. Default Date.now. */
  now?: () => number;
  /** Random source; overrides `seed`. */
  random?: Random;
  /** Seed of the built-in PRNG; the same seed and clock give the same plant history. Default 1. */
  seed?: number;
  /** Model step and emission period. Default 1000 ms. */
  tickMs?: number;
  /** Time zone of counters and day curves. Default the plant's. */
  timeZone?: string;
  /** Run a timer after start(); false leaves stepping to the caller (tests). Default true. */
  autoTick?: boolean;
  rates?: Partial<SimulatorRates>;
}

/** The simulator: a DataSource plus the controls tests and the demo need. */
export interface Simulator extends DataSource {
  /** Advances the model to now() in steps of at most tickMs and emits what changed. */
  step(): void;
  /** Simulates losing (false) or regaining (true) the connection to the field. */
  setConnected(connected: boolean): void;
  onStations(listener: (updates: readonly StationUpdate[]) => void): () => void;
  dial(stationNumber: number, action: DialAction): Promise<void>;
  resume(values: ReadonlyMap<string, ArchivedValue>): void;
  history(from: number, to: number, options?: HistoryOptions): SourceHistory;
}

export const DEFAULT_RATES: Readonly<SimulatorRates> = {
  failuresPerHour: 1,
  sensorGlitchesPerHour: 6,
  doorOpeningsPerHour: 0.5,
  mainsFailuresPerHour: 0.05,
  rainEventsPerDay: 3,
  dialFailureRate: 0.05,
};

/** No random events at all: only the process itself moves (for tests that assert physics). */
export const QUIET_RATES: Readonly<SimulatorRates> = {
  failuresPerHour: 0,
  sensorGlitchesPerHour: 0,
  doorOpeningsPerHour: 0,
  mainsFailuresPerHour: 0,
  rainEventsPerDay: 0,
  dialFailureRate: 0,
};
