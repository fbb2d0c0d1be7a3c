import type { RuntimeType } from '../pv/pv-value.js';
import {
  effectiveDimension,
  runtimeEndType,
  scaleRuntime,
  type RuntimeDimension,
  type RuntimeEndType,
} from './runtime-scale.js';

/** A maintenance notification's figures (screens §3 "Maintenance notification"). */
export interface NotificationFigures {
  runtimeType: RuntimeType;
  runtimeDimension: RuntimeDimension;
  currentRuntime: number;
  targetRuntime: number;
  /** Target minus current; negative when the service is overdue. */
  remainingRuntime: number;
  runtimeEndType: RuntimeEndType;
}

/**
 * Figures of a notification from raw runtimes (hours, or cycles): remaining = target − current,
 * all three shown scaled to the dimension except cycles, which stay unscaled (screens §3).
 */
export function notificationFigures(
  runtimeType: RuntimeType,
  configured: RuntimeDimension,
  current: number,
  target: number,
): NotificationFigures {
  const runtimeDimension = effectiveDimension(runtimeType, configured);
  return {
    runtimeType,
    runtimeDimension,
    currentRuntime: scaleRuntime(current, runtimeDimension),
    targetRuntime: scaleRuntime(target, runtimeDimension),
    remainingRuntime: scaleRuntime(target - current, runtimeDimension),
    runtimeEndType: runtimeEndType(runtimeType),
  };
}

/**
 * Whether a runtime belongs in the overview protocol "by compare value" (screens §7): its
 * remaining runtime is below the compare value, either absolute (raw hours or cycles) or as a
 * percentage of the target.
 */
export function remainingBelow(
  current: number,
  target: number,
  compareValue: number,
  isPercent: boolean,
): boolean {
  const remaining = target - current;
  if (!isPercent) return remaining < compareValue;
  if (target <= 0) return false;
  return (remaining / target) * 100 < compareValue;
}

/** Station number meaning "all stations" in the maintenance selection (screens §4: default -1). */
export const ALL_STATIONS = -1;
