import type { RuntimeType } from '../pv/pv-value.js';

/** Dimensions a maintenance notification is shown in (screens §3 "Maintenance notification"). */
export const RUNTIME_DIMENSIONS = ['Hours', 'Days', 'Months', 'Years', 'Cycles'] as const;
/** One of the runtime dimensions of screens §3. */
export type RuntimeDimension = (typeof RUNTIME_DIMENSIONS)[number];

/** How a runtime ends (screens §3 "Maintenance notification" runtimeEndType). */
export const RUNTIME_END_TYPES = ['Other', 'Absolute', 'Active'] as const;
/** One of the runtime end types of screens §3. */
export type RuntimeEndType = (typeof RUNTIME_END_TYPES)[number];

/** Hours per unit of each time dimension; a month is a twelfth of a Julian year (730.5 h). */
export const HOURS_PER_DIMENSION: Readonly<Record<Exclude<RuntimeDimension, 'Cycles'>, number>> = {
  Hours: 1,
  Days: 24,
  Months: (365.25 * 24) / 12,
  Years: 365.25 * 24,
};

/** Whether a runtime counts switching cycles rather than time. */
export function isCycleRuntime(runtimeType: RuntimeType): boolean {
  return runtimeType === 'Schaltzyklen';
}

/**
 * The dimension a runtime is shown in: cycle counters are always Cycles; time runtimes use the
 * configured dimension, and a time runtime configured as Cycles falls back to Hours.
 */
export function effectiveDimension(runtimeType: RuntimeType, configured: RuntimeDimension): RuntimeDimension {
  if (isCycleRuntime(runtimeType)) return 'Cycles';
  return configured === 'Cycles' ? 'Hours' : configured;
}

/** A raw runtime (hours, or cycles) in the given dimension; cycles are not scaled (screens §3). */
export function scaleRuntime(raw: number, dimension: RuntimeDimension): number {
  if (dimension === 'Cycles') return raw;
  return raw / HOURS_PER_DIMENSION[dimension];
}

/**
 * End type of a runtime: operating hours count while the machine is active (Active), absolute
 * time counts since commissioning (Absolute), everything else (cycles, last active/inactive) is Other.
 */
export function runtimeEndType(runtimeType: RuntimeType): RuntimeEndType {
  if (runtimeType === 'Betriebszeit') return 'Active';
  if (runtimeType === 'Absolutzeit') return 'Absolute';
  return 'Other';
}
