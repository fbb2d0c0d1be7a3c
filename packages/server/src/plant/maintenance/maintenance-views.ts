import {
  notificationFigures,
  pvKey,
  SERVICE_MESSAGE_TYPES,
  serviceMessageLimit,
  isLimitSet,
  type MaintenanceConfig,
  type MaintenanceNotification,
  type PvRef,
  type RuntimeDimension,
  type RuntimeValue,
  type ServiceMessageType,
} from '@leitwarte/core';
import type { StoredMaintenanceConfig } from '../../store/maintenance/index.js';
import type { Plant } from '../plant.js';

/** Default texts of a limit that has no stored config: the field has the limit, so it still counts. */
const DEFAULT_PRIORITY = 4;

/** What the views know of one runtime PV: its stored configs and the live value. */
export interface RuntimeState {
  ref: PvRef;
  name: string;
  dimension: string;
  live: RuntimeValue | null;
  stored: ReadonlyMap<ServiceMessageType, StoredMaintenanceConfig>;
}

/** The runtime state of a PV from the plant and the config cache. */
export function runtimeState(
  plant: Plant,
  ref: PvRef,
  stored: ReadonlyMap<ServiceMessageType, StoredMaintenanceConfig> | undefined,
): RuntimeState {
  const key = pvKey(ref);
  const value = plant.values.get(key);
  const config = plant.config(key);
  return {
    ref,
    name: config?.name ?? key,
    dimension: config?.dimension ?? '',
    live: value?.type === 'RuntimeValue' ? value.runtimeValue : null,
    stored: stored ?? new Map(),
  };
}

/** Texts of a service message: the stored config, or defaults naming the PV. */
export function messageText(state: RuntimeState, type: ServiceMessageType) {
  const c = state.stored.get(type);
  return {
    message: c?.message ?? `${state.name}: Wartung fällig`,
    description: c?.description ?? 'Wartung',
    priority: c?.priority ?? DEFAULT_PRIORITY,
    delayTime: c?.delayTime ?? 0,
  };
}

/** Target of a limit: the live runtime value's limit, else the stored one (until the PV reports). */
function target(state: RuntimeState, type: ServiceMessageType): number {
  if (state.live) return serviceMessageLimit(state.live, type);
  return state.stored.get(type)?.runtimeHours ?? 0;
}

/** Maintenance configs of a runtime PV (screens §3): limits that are set or configured. */
export function configsOf(state: RuntimeState): MaintenanceConfig[] {
  const current = state.live?.value ?? 0;
  return SERVICE_MESSAGE_TYPES.flatMap((type) => {
    const runtimeHours = target(state, type);
    if (!isLimitSet(runtimeHours) && !state.stored.has(type)) return [];
    const text = messageText(state, type);
    return [
      {
        pvMaintenanceRef: { pvRef: state.ref, serviceMessageType: type },
        delayTime: text.delayTime,
        description: text.description,
        message: text.message,
        priority: text.priority,
        remainingTime: runtimeHours - current,
        runtimeHours,
      },
    ];
  });
}

/** Raw (unscaled) figures of the set limits of a runtime, for filters and notifications. */
export function limitsOf(
  state: RuntimeState,
): { type: ServiceMessageType; current: number; target: number }[] {
  const current = state.live?.value ?? 0;
  return SERVICE_MESSAGE_TYPES.flatMap((type) => {
    const t = target(state, type);
    return isLimitSet(t) ? [{ type, current, target: t }] : [];
  });
}

/** A notification of one limit (screens §3), without its list index. */
export function notificationOf(
  state: RuntimeState,
  limit: { type: ServiceMessageType; current: number; target: number },
): Omit<MaintenanceNotification, 'index'> {
  const configured: RuntimeDimension =
    state.stored.get(limit.type)?.runtimeDimension ??
    [...state.stored.values()][0]?.runtimeDimension ??
    'Hours';
  const figures = notificationFigures(
    state.live?.runtimeType ?? 'Undefined',
    configured,
    limit.current,
    limit.target,
  );
  return {
    pvRef: state.ref,
    serviceMessageType: limit.type,
    messageText: messageText(state, limit.type).message,
    pvDim: state.dimension,
    due: limit.current >= limit.target,
    ...figures,
  };
}
