import type { PvRef } from './pv-ref.js';

/** Value kinds of screens §3 "Process value". */
export const PV_VALUE_TYPES = [
  'BoolValue',
  'DoubleValue',
  'FailureStateValue',
  'CounterValue',
  'RuntimeValue',
  'TimeOfDayValue',
] as const;
export type PvValueType = (typeof PV_VALUE_TYPES)[number];

/** Qualities of screens §3. */
export const QUALITIES = ['Good', 'Bad', 'Uncertain', 'Unspecified'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Runtime types of screens §3 "Runtime value". */
export const RUNTIME_TYPES = [
  'Undefined',
  'Betriebszeit',
  'Absolutzeit',
  'Schaltzyklen',
  'LetzteAktivZeit',
  'LetzteInaktivZeit',
] as const;
export type RuntimeType = (typeof RUNTIME_TYPES)[number];

/** Counter value: total plus day, month and year values (screens §3). */
export interface CounterValue {
  value: number;
  resetable: boolean;
  day: number;
  month: number;
  year: number;
}

/** Runtime value with its four limits (screens §3). */
export interface RuntimeValue {
  lower: number;
  lowerMid: number;
  upperMid: number;
  upper: number;
  value: number;
  runtimeType: RuntimeType;
}

/** Time of day (screens §3); compared as hour*256+minutes (screens §5). */
export interface TimeOfDayValue {
  hour: number;
  minutes: number;
}

interface ValueBase {
  pvRef: PvRef;
  quality: Quality;
  /** Milliseconds since the epoch of the source's timestamp. */
  timestamp: number;
}

/** A process value as the server sends it: exactly one value field matches `type`. */
export type ProcessValue =
  | (ValueBase & { type: 'BoolValue'; boolValue: boolean })
  | (ValueBase & { type: 'DoubleValue'; doubleValue: number })
  | (ValueBase & { type: 'FailureStateValue'; failureStateValue: number })
  | (ValueBase & { type: 'CounterValue'; counterValue: CounterValue })
  | (ValueBase & { type: 'RuntimeValue'; runtimeValue: RuntimeValue })
  | (ValueBase & { type: 'TimeOfDayValue'; timeOfDayValue: TimeOfDayValue });

/** Is this a time of day of a clock: whole hours 0–23 and minutes 0–59? */
export function isValidTimeOfDay(value: TimeOfDayValue): boolean {
  const { hour, minutes } = value;
  return (
    Number.isInteger(hour) &&
    Number.isInteger(minutes) &&
    hour >= 0 &&
    hour < 24 &&
    minutes >= 0 &&
    minutes < 60
  );
}

/** Time of day as the comparable number hour*256+minutes (screens §5). */
export function timeOfDayToNumber(value: TimeOfDayValue): number {
  return value.hour * 256 + value.minutes;
}

/** CSS-class-like quality key of screens §4: qualitygood/bad/uncertain, nothing for Unspecified. */
export function qualityKey(quality: Quality): string | null {
  switch (quality) {
    case 'Good':
      return 'qualitygood';
    case 'Bad':
      return 'qualitybad';
    case 'Uncertain':
      return 'qualityuncertain';
    default:
      return null;
  }
}

/** The plain number or boolean a value shows as its main reading. */
export function primaryValue(value: ProcessValue): number | boolean {
  switch (value.type) {
    case 'BoolValue':
      return value.boolValue;
    case 'DoubleValue':
      return value.doubleValue;
    case 'FailureStateValue':
      return value.failureStateValue;
    case 'CounterValue':
      return value.counterValue.value;
    case 'RuntimeValue':
      return value.runtimeValue.value;
    case 'TimeOfDayValue':
      return timeOfDayToNumber(value.timeOfDayValue);
  }
}
