import type {
  AerationUnitDefinition,
  FlowUnitDefinition,
  PressureUnitDefinition,
  PumpUnitDefinition,
  TankUnitDefinition,
  TimerUnitDefinition,
} from '../../plant/definition-types.js';
import type { Cell, Cells } from './cells.js';

/** Switching state of a controller that runs several pumps in stages, rotating the lead pump. */
export interface Staging {
  stage: number;
  lead: number;
}

export interface PumpSim {
  def: PumpUnitDefinition;
  running: boolean;
  /** What its controller wants this step. */
  request: boolean;
  /** Share of the rated flow when running (speed-controlled boosters run below 1). */
  share: number;
  flow: number;
  power: number;
  /** Failure active until this instant (ms); 0 when healthy. */
  failedUntil: number;
  /** Stopped by dry-run protection of the tank it draws from. */
  dryRun: boolean;
  c: Record<'running' | 'failure' | 'enable' | 'power' | 'hours' | 'cycles' | 'lastStart' | 'energy', Cell>;
}

export type SourceSim =
  | { kind: 'pumps'; pumps: PumpSim[] }
  | { kind: 'curve'; curve: 'drinking' | 'wastewater' | 'constant'; mean: number; rain: number }
  | { kind: 'tankInflow'; tank: TankSim }
  | { kind: 'tankOutflow'; tank: TankSim }
  | { kind: 'throttle'; capacity: number };

export interface TankSim {
  def: TankUnitDefinition;
  level: number;
  staging: Staging;
  pumps: PumpSim[];
  inflow: SourceSim[];
  outflow: SourceSim[];
  /** m³/h of the last step. */
  inRate: number;
  outRate: number;
  overflowRate: number;
  overflowing: boolean;
  c: Record<string, Cell>;
}

export interface FlowSim {
  def: FlowUnitDefinition;
  sources: SourceSim[];
  /** Smoothed m³/h (the outlet of a treatment plant lags its inlet); NaN before the first step. */
  value: number;
  c: Record<'flow' | 'volume', Cell>;
}

export interface PressureSim {
  def: PressureUnitDefinition;
  pumps: PumpSim[];
  demand: SourceSim[];
  staging: Staging;
  c: Record<string, Cell>;
}

export interface TimerSim {
  def: TimerUnitDefinition;
  pumps: PumpSim[];
  c: Record<'on' | 'off' | 'enable' | 'active', Cell>;
}

export interface AerationSim {
  def: AerationUnitDefinition;
  blowers: PumpSim[];
  oxygen: number;
  staging: Staging;
  c: Record<'oxygen' | 'switchOn' | 'switchOff', Cell>;
}

export interface SignalsSim {
  station: number;
  doorUntil: number;
  mainsUntil: number;
  c: Record<'door' | 'mains' | 'temperature' | 'battery' | 'collective' | 'signal', Cell>;
}

/** A day minimum and maximum that follow a source cell and restart at local midnight. */
export interface MinMaxLink {
  source: Cell;
  min: Cell;
  max: Cell;
}

/** The simulated plant: cells plus the process model bound to them. */
export interface World {
  cells: Cells;
  pumps: PumpSim[];
  /** Tanks in computation order: a tank fed by another's outflow comes after it. */
  tanks: TankSim[];
  flows: FlowSim[];
  pressures: PressureSim[];
  timers: TimerSim[];
  aerations: AerationSim[];
  signals: Map<number, SignalsSim>;
  minMax: MinMaxLink[];
  /** Analog cells that wander around their initial value (measurements, explicit PVs). */
  wanderers: Cell[];
  /** Cells that follow the rain (rain gauges). */
  rainGauges: { cell: Cell; max: number }[];
  /** AnaIn cells that may glitch to Uncertain or Bad. */
  sensors: Cell[];
}
