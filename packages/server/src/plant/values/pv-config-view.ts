import { pvKey, type PvConfig, type PvRef } from '@leitwarte/core';
import type { Plant } from '../plant.js';

/**
 * A PV's config as users see it: the plant definition's, with the alert priority an operator
 * set for a digital input (set-priorities) in place of the definition's.
 */
export function currentPvConfig(
  plant: Pick<Plant, 'config'>,
  digitalPriority: (pv: PvRef) => number | null,
  ref: PvRef,
): PvConfig | undefined {
  const config = plant.config(pvKey(ref));
  if (config?.alertInputConfig == null) return config;
  const priority = digitalPriority(config.pvRef);
  if (priority === null || priority === config.alertInputConfig.priority) return config;
  return { ...config, alertInputConfig: { ...config.alertInputConfig, priority } };
}
