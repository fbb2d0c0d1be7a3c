import { isPvRef, type MaintenanceConfig } from '@leitwarte/core';
import { pvConfigWatch } from '../../live/pv-config-watch';

function isMaintenanceConfig(value: unknown): value is MaintenanceConfig {
  if (typeof value !== 'object' || value === null) return false;
  const ref = (value as { pvMaintenanceRef?: { pvRef?: unknown } }).pvMaintenanceRef;
  return isPvRef(ref?.pvRef) && typeof (value as { runtimeHours?: unknown }).runtimeHours === 'number';
}

/**
 * Follows the maintenance configs of runtime PVs over the PV channel
 * (SubscribeToMaintenanceConfigs → newMaintenanceConfig, calls §7).
 */
export const watchMaintenanceConfigs = pvConfigWatch({
  event: 'newMaintenanceConfig',
  subscribe: 'SubscribeToMaintenanceConfigs',
  unsubscribe: 'UnsubscribeFromMaintenanceConfigs',
  accept: isMaintenanceConfig,
});
