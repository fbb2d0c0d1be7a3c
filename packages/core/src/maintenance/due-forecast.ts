import { Type, type Static } from 'typebox';
import { PvRefSchema } from '../contract/common.js';
import { HOURS_PER_DIMENSION, type RuntimeDimension } from './runtime-scale.js';

/** How many days of history a runtime's rate is taken from. */
export const FORECAST_DAYS = 30;
const DAY_MS = 86_400_000;

/** A runtime's recent rate (issue: due-date forecast): raw units (hours or cycles) per day. */
export const RuntimeRateSchema = Type.Object({
  pvRef: PvRefSchema,
  /** Hours or cycles per day over the last days; null when history is too short or flat. */
  perDay: Type.Union([Type.Number(), Type.Null()]),
});
export type RuntimeRate = Static<typeof RuntimeRateSchema>;

/** Path of the rates of every readable runtime. */
export const RUNTIME_RATES_PATH = '/api/maintenance/runtime-rates';

/**
 * When a runtime reaches its target at its recent rate: now plus the remaining runtime (in its
 * dimension, as notifications carry it) over the rate. An overdue target is due now; a runtime
 * that does not advance has no forecast (null).
 */
export function forecastDueAt(
  remaining: number,
  dimension: RuntimeDimension,
  perDay: number | null,
  now: number,
): number | null {
  if (remaining <= 0) return now;
  if (perDay === null || !(perDay > 0)) return null;
  const raw = dimension === 'Cycles' ? remaining : remaining * HOURS_PER_DIMENSION[dimension];
  const at = now + (raw / perDay) * DAY_MS;
  // Beyond what a Date can hold (a machine that barely runs): no forecast rather than a wrong one.
  return at < 8.64e15 ? Math.round(at) : null;
}
