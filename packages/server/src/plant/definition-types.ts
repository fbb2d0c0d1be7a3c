import type { PvConfig, PvRef, RuntimeType, SwitchingProgram, TimeOfDayValue } from '@leitwarte/core';
import type { PlantInfo, SourceDocument } from './definition-schema.js';
import type { SourcesDefinition } from '../sources/definition/sources-definition.js';

/**
 * The plant definition after loading: every unit expanded into PVs, every reference checked.
 * This is what the plant model and the data sources work with; the file format is only its
 * compact, hand-written form.
 */
export interface PlantDefinition {
  info: PlantInfo;
  stations: StationDefinition[];
  /** Every PV in file order: stations in order, per station its units' PVs, then its explicit PVs. */
  pvs: PvDefinition[];
  units: UnitDefinition[];
  /** Weekly switching programs of machines, per station in file order (time control table). */
  programs: SwitchingProgram[];
  /** The field sources, which station and PV each feeds, and the PVs' addresses (empty: all simulated). */
  sources: SourcesDefinition;
}

export interface StationDefinition {
  number: number;
  name: string;
  kind: string;
  eks: string;
  location: { latitude: number; longitude: number } | null;
  processImage: string | null;
  mobileNetworkStandard: string;
  /** Permanent line, or a dial-up station that calls in every `dialIntervalMinutes` and on alerts. */
  connection: 'permanent' | 'dial';
  dialIntervalMinutes: number;
}

/** How a simulator should treat a PV; a field connector ignores it. */
export interface PvSimulation {
  /** Resolution the field device reports with; changes below it are not reported. */
  decimals: number;
  /** Starting value; null lets the simulator choose a plausible one. */
  initial: number | boolean | TimeOfDayValue | null;
  /** Amplitude of the analog noise (random walk around `initial`); 0 keeps the value still. */
  noise: number;
  runtimeType: RuntimeType;
  /** Maintenance limits of runtime values. */
  runtimeLimits: { lower: number; lowerMid: number; upperMid: number; upper: number } | null;
  resetable: boolean;
}

export interface PvDefinition {
  /** `Type-nr`. */
  key: string;
  ref: PvRef;
  station: number;
  config: PvConfig;
  /** The unit that produced this PV, null for explicit PVs. */
  unitId: string | null;
  /** The PV's role within its unit (e.g. "running", "level"); null for explicit PVs. */
  role: string | null;
  sim: PvSimulation;
}

export type SourceDefinition = SourceDocument;

interface UnitBase {
  id: string;
  station: number;
  name: string;
  /** PV keys by role, e.g. `{ running: 'DigiIn-100010', ... }`. */
  pvs: Record<string, string>;
}

export interface PumpUnitDefinition extends UnitBase {
  kind: 'pump';
  flow: number;
  power: number;
}
export interface TankUnitDefinition extends UnitBase {
  kind: 'tank';
  height: number;
  area: number;
  mode: 'fill' | 'drain';
  on: number;
  off: number;
  pumps: string[];
  inflow: SourceDefinition[];
  outflow: SourceDefinition[];
  overflow: boolean;
  initialLevel: number | null;
}
export interface FlowUnitDefinition extends UnitBase {
  kind: 'flow';
  dimension: 'm³/h' | 'l/s';
  max: number;
  measures: SourceDefinition[];
  smoothing: number;
}
export interface PressureUnitDefinition extends UnitBase {
  kind: 'pressure';
  mode: 'passive' | 'control';
  max: number;
  pumps: string[];
  base: number;
  perPump: number;
  setpoint: number;
  suction: number;
  demand: SourceDefinition[];
}
export interface TimerUnitDefinition extends UnitBase {
  kind: 'timer';
  pumps: string[];
}
export interface AerationUnitDefinition extends UnitBase {
  kind: 'aeration';
  blowers: string[];
  /** Oxygen consumption at mean load, mg/l per hour. */
  load: number;
}
export interface MeasurementUnitDefinition extends UnitBase {
  kind: 'measurement';
  follows: 'noise' | 'rain';
  min: number;
  max: number;
}
export interface SignalsUnitDefinition extends UnitBase {
  kind: 'signals';
}

export type UnitDefinition =
  | PumpUnitDefinition
  | TankUnitDefinition
  | FlowUnitDefinition
  | PressureUnitDefinition
  | TimerUnitDefinition
  | AerationUnitDefinition
  | MeasurementUnitDefinition
  | SignalsUnitDefinition;
