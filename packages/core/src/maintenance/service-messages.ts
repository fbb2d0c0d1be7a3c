import type { RuntimeValue } from '../pv/pv-value.js';

/** The four service-message kinds, named like the four limit kinds (screens §3 "Maintenance config"). */
export const SERVICE_MESSAGE_TYPES = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
/** One of the four service-message kinds. */
export type ServiceMessageType = (typeof SERVICE_MESSAGE_TYPES)[number];

/** Key suffixes of the service messages (screens §9): uwm, muwm, mowm, owm. */
export const SERVICE_MESSAGE_KEY_SUFFIXES: Readonly<Record<ServiceMessageType, string>> = {
  Bottom: 'uwm',
  BottomMiddle: 'muwm',
  TopMiddle: 'mowm',
  Top: 'owm',
};

/** The runtime value field holding each service-message limit. */
const LIMIT_FIELD = {
  Bottom: 'lower',
  BottomMiddle: 'lowerMid',
  TopMiddle: 'upperMid',
  Top: 'upper',
} as const satisfies Record<ServiceMessageType, keyof RuntimeValue>;

/** The runtime (hours or cycles) at which a service message is due, taken from the runtime value's limits. */
export function serviceMessageLimit(runtime: RuntimeValue, type: ServiceMessageType): number {
  return runtime[LIMIT_FIELD[type]];
}

/** A runtime value with one limit replaced (used to write a changed service-message limit). */
export function withServiceMessageLimit(
  runtime: RuntimeValue,
  type: ServiceMessageType,
  limit: number,
): RuntimeValue {
  return { ...runtime, [LIMIT_FIELD[type]]: limit };
}

/** A limit of 0 (or less) is not set: the field has no service message there, and none is shown. */
export function isLimitSet(limit: number): boolean {
  return Number.isFinite(limit) && limit > 0;
}

/** Whether the service message of a limit is due: the limit is set and the runtime has reached it. */
export function isServiceMessageDue(current: number, limit: number): boolean {
  return isLimitSet(limit) && current >= limit;
}

/** A change of a service message between two readings of a runtime. */
export interface ServiceMessageChange {
  type: ServiceMessageType;
  /** True when the message became due (coming), false when it ended (going, e.g. after a reset). */
  due: boolean;
  limit: number;
}

/**
 * Service messages that changed between two readings of one runtime PV: a limit is crossed
 * upwards when the runtime reaches it, and the message ends when the runtime is set below it
 * again (after maintenance) or the limit is moved above it.
 */
export function serviceMessageChanges(previous: RuntimeValue, next: RuntimeValue): ServiceMessageChange[] {
  const changes: ServiceMessageChange[] = [];
  for (const type of SERVICE_MESSAGE_TYPES) {
    const before = isServiceMessageDue(previous.value, serviceMessageLimit(previous, type));
    const limit = serviceMessageLimit(next, type);
    const after = isServiceMessageDue(next.value, limit);
    if (before !== after) changes.push({ type, due: after, limit });
  }
  return changes;
}

/** Whether any of the four limits differs between two readings (the maintenance config changed). */
export function serviceLimitsChanged(previous: RuntimeValue, next: RuntimeValue): boolean {
  return SERVICE_MESSAGE_TYPES.some((t) => serviceMessageLimit(previous, t) !== serviceMessageLimit(next, t));
}

/** SD card lifetime warning threshold in percent (screens §9). */
export const SD_CARD_LIFETIME_WARNING_PERCENT = 20;

/** Whether an SD card's remaining lifetime (percent) calls for the warning: below 20 percent (screens §9). */
export function isSdCardLifetimeLow(percent: number): boolean {
  return Number.isFinite(percent) && percent < SD_CARD_LIFETIME_WARNING_PERCENT;
}
