import type { PvRef } from '../pv/pv-ref.js';

/** The four analog limit types of screens §3 "Limit config per PV", lowest first. */
export const LIMIT_TYPES = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
/** One of the analog limit types. */
export type LimitType = (typeof LIMIT_TYPES)[number];

/** Limit key suffixes of screens §9: Bottom ugw, BottomMiddle mugw, TopMiddle mogw, Top ogw. */
export const LIMIT_KEY_SUFFIXES: Readonly<Record<LimitType, string>> = {
  Bottom: 'ugw',
  BottomMiddle: 'mugw',
  TopMiddle: 'mogw',
  Top: 'ogw',
};

/** Service message suffixes of screens §9 (uwm, muwm, mowm, owm), in limit-type order. */
export const SERVICE_MESSAGE_SUFFIXES: Readonly<Record<LimitType, string>> = {
  Bottom: 'uwm',
  BottomMiddle: 'muwm',
  TopMiddle: 'mowm',
  Top: 'owm',
};

/** Field names of an analog limit set (screens §3: lower, lowerMid, upperMid, upper). */
export const LIMIT_SET_FIELDS: Readonly<Record<LimitType, 'lower' | 'lowerMid' | 'upperMid' | 'upper'>> = {
  Bottom: 'lower',
  BottomMiddle: 'lowerMid',
  TopMiddle: 'upperMid',
  Top: 'upper',
};

/** Priority range of screens §9. */
export const PRIORITY_MIN = 0;
/** Priority range of screens §9. */
export const PRIORITY_MAX = 9;
/** Delay time range of screens §9, in seconds. */
export const DELAY_TIME_MIN = 0;
/** Delay time range of screens §9, in seconds. */
export const DELAY_TIME_MAX = 65535;

/** Reference to one limit of a PV (screens §3 pvLimitRef). */
export interface PvLimitRef {
  pv: PvRef;
  limitType: LimitType;
}

/** Limit config per PV of screens §3. */
export interface LimitConfig {
  pvLimitRef: PvLimitRef;
  limit: number;
  priority: number;
  /** Seconds the violation must last before the alert comes. */
  delayTime: number;
  description: string;
  message: string;
  /** True when this limit is not configured; such limits are left out of the edit form. */
  notSet: boolean;
}

/** Whether a string is one of the limit types. */
export function isLimitType(value: unknown): value is LimitType {
  return typeof value === 'string' && (LIMIT_TYPES as readonly string[]).includes(value);
}

/** Limit type of a key suffix (ugw, mugw, mogw, ogw); null when unknown. */
export function limitTypeOfSuffix(suffix: string): LimitType | null {
  return LIMIT_TYPES.find((type) => LIMIT_KEY_SUFFIXES[type] === suffix) ?? null;
}

/** Whether a limit guards against too high values (TopMiddle, Top) rather than too low ones. */
export function isUpperLimit(type: LimitType): boolean {
  return type === 'TopMiddle' || type === 'Top';
}

/** Whether a number is a valid priority: an integer 0 to 9 (screens §9). */
export function isValidPriority(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= PRIORITY_MIN && (value as number) <= PRIORITY_MAX;
}

/** Whether a number is a valid delay time: an integer 0 to 65535 seconds (screens §9). */
export function isValidDelayTime(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= DELAY_TIME_MIN && (value as number) <= DELAY_TIME_MAX
  );
}
