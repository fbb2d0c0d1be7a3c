import { isUpperLimit, type LimitType } from './limit-types.js';
import type { LimitDomain } from './limit-validation.js';

/** Default hysteresis of the alert engine: 1 % of the PV's domain span. */
export const DEFAULT_HYSTERESIS_PERCENT = 1;

/** What one analog limit watches: its type, value and delay time in seconds. */
export interface LimitWatch {
  limitType: LimitType;
  limit: number;
  delayTime: number;
}

/**
 * Where one limit stands: within bounds, violated but waiting for the delay time to pass
 * (`since` is when the violation began), or violated with its alert raised.
 */
export type LimitMonitorState =
  { phase: 'normal' } | { phase: 'delaying'; since: number } | { phase: 'violated' };

/** The initial, undisturbed state. */
export const LIMIT_NORMAL: LimitMonitorState = Object.freeze({ phase: 'normal' });

/** Result of one evaluation: the new state and whether an alert comes or goes. */
export interface LimitStep {
  state: LimitMonitorState;
  event: 'coming' | 'going' | null;
}

/**
 * Hysteresis band of a PV: `percent` of its domain span (max − min). A PV without both
 * bounds has no span to measure, so it gets none.
 */
export function limitHysteresis(
  domain: LimitDomain | null,
  percent: number = DEFAULT_HYSTERESIS_PERCENT,
): number {
  if (domain?.min == null || domain.max == null || !(percent > 0)) return 0;
  return (Math.abs(domain.max - domain.min) * percent) / 100;
}

/** Whether a value violates a limit: reaching an upper limit or falling to a lower one counts. */
export function violatesLimit(limitType: LimitType, limit: number, value: number): boolean {
  return isUpperLimit(limitType) ? value >= limit : value <= limit;
}

/**
 * Whether a violated limit is clear again: the value must have moved past the limit by the
 * hysteresis band, so a value wandering around the limit does not make alerts flap.
 */
export function clearsLimit(limitType: LimitType, limit: number, value: number, hysteresis: number): boolean {
  return isUpperLimit(limitType) ? value < limit - hysteresis : value > limit + hysteresis;
}

/**
 * One evaluation of a limit, on a new value (`value` defined) or on the clock alone (`value`
 * undefined, for delays running out while the value stands still). The delay time holds back
 * only the coming alert; a violation that ends before it has passed raises nothing. Going is
 * immediate once the value is past the hysteresis band.
 */
export function stepLimitMonitor(
  state: LimitMonitorState,
  watch: LimitWatch,
  value: number | undefined,
  now: number,
  hysteresis: number,
): LimitStep {
  const delayMs = watch.delayTime * 1000;
  switch (state.phase) {
    case 'normal':
      if (value === undefined || !violatesLimit(watch.limitType, watch.limit, value)) {
        return { state, event: null };
      }
      if (delayMs <= 0) return { state: { phase: 'violated' }, event: 'coming' };
      return { state: { phase: 'delaying', since: now }, event: null };
    case 'delaying':
      if (value !== undefined && !violatesLimit(watch.limitType, watch.limit, value)) {
        return { state: LIMIT_NORMAL, event: null };
      }
      if (now - state.since >= delayMs) return { state: { phase: 'violated' }, event: 'coming' };
      return { state, event: null };
    case 'violated':
      if (value !== undefined && clearsLimit(watch.limitType, watch.limit, value, hysteresis)) {
        return { state: LIMIT_NORMAL, event: 'going' };
      }
      return { state, event: null };
  }
}
