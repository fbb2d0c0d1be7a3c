import { isPvRef, type LimitConfig } from '@leitwarte/core';
import { pvConfigWatch } from './pv-config-watch';

function isLimitConfig(value: unknown): value is LimitConfig {
  if (typeof value !== 'object' || value === null) return false;
  const ref = (value as { pvLimitRef?: { pv?: unknown } }).pvLimitRef;
  return isPvRef(ref?.pv) && typeof (value as { limit?: unknown }).limit === 'number';
}

/** Follows the limits of PVs over the PV channel (SubscribeToLimitConfigs → newLimitConfig, calls §7). */
export const watchPvLimits = pvConfigWatch({
  event: 'newLimitConfig',
  subscribe: 'SubscribeToLimitConfigs',
  unsubscribe: 'UnsubscribeFromLimitConfigs',
  accept: isLimitConfig,
});
