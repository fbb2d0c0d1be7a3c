import type { ProcessValue, PvRef, Quality } from '@leitwarte/core';
import type { PvDefinition } from '../../plant/definition-types.js';
import type { RawValue } from './field-types.js';

/** A raw value that does not fit the PV's value kind (the message names what came). */
export class ValueKindError extends Error {
  constructor(pv: PvDefinition, raw: RawValue) {
    super(`PV ${pv.key} "${pv.config.name}": ${JSON.stringify(String(raw))} is no ${pv.config.valueType}`);
    this.name = 'ValueKindError';
  }
}

function toNumber(raw: RawValue): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'bigint') return Number(raw);
  const text = raw.trim();
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  return Number(text);
}

function toBoolean(raw: RawValue): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string') {
    const text = raw.trim().toLowerCase();
    if (text === 'true' || text === 'on') return true;
    if (text === 'false' || text === 'off') return false;
  }
  const n = toNumber(raw);
  return n === null ? null : n !== 0;
}

/** hour × 256 + minutes (screens §5), or "HH:MM". */
function toTimeOfDay(raw: RawValue): { hour: number; minutes: number } | null {
  if (typeof raw === 'string') {
    const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(raw.trim());
    if (match) return { hour: Number(match[1]), minutes: Number(match[2]) };
  }
  const n = toNumber(raw);
  if (n === null || !Number.isInteger(n)) return null;
  const hour = Math.floor(n / 256);
  const minutes = n % 256;
  return hour >= 0 && hour < 24 && minutes >= 0 && minutes < 60 ? { hour, minutes } : null;
}

/**
 * The PV value for a raw field value. Counters come as totals; `counter` turns a total into the
 * counter value with its day, month and year amounts. Throws ValueKindError when it does not fit.
 */
export function decodeRaw(
  pv: PvDefinition,
  raw: RawValue,
  quality: Quality,
  timestamp: number,
  counter: (pv: PvDefinition, total: number, timestamp: number) => ProcessValue & { type: 'CounterValue' },
): ProcessValue {
  // Object literals of one shape per kind (as the simulator makes them): this runs per value.
  const pvRef: PvRef = pv.ref;
  switch (pv.config.valueType) {
    case 'DoubleValue': {
      const n = typeof raw === 'number' && Number.isFinite(raw) ? raw : toNumber(raw);
      if (n === null) throw new ValueKindError(pv, raw);
      return { pvRef, quality, timestamp, type: 'DoubleValue', doubleValue: n };
    }
    case 'BoolValue': {
      const b = toBoolean(raw);
      if (b === null) throw new ValueKindError(pv, raw);
      return { pvRef, quality, timestamp, type: 'BoolValue', boolValue: b };
    }
    case 'FailureStateValue': {
      const n = typeof raw === 'boolean' ? (raw ? 1 : 0) : toNumber(raw);
      if (n === null || !(n === 0 || n === 1 || n === 2)) throw new ValueKindError(pv, raw);
      return { pvRef, quality, timestamp, type: 'FailureStateValue', failureStateValue: n };
    }
    case 'CounterValue': {
      const n = toNumber(raw);
      if (n === null || n < 0) throw new ValueKindError(pv, raw);
      const value = counter(pv, n, timestamp);
      return { pvRef, quality, timestamp, type: 'CounterValue', counterValue: value.counterValue };
    }
    case 'RuntimeValue': {
      const n = toNumber(raw);
      if (n === null) throw new ValueKindError(pv, raw);
      const limits = pv.sim.runtimeLimits ?? { lower: 0, lowerMid: 0, upperMid: 0, upper: 0 };
      const runtimeValue = { ...limits, value: n, runtimeType: pv.sim.runtimeType };
      return { pvRef, quality, timestamp, type: 'RuntimeValue', runtimeValue };
    }
    case 'TimeOfDayValue': {
      const t = toTimeOfDay(raw);
      if (t === null) throw new ValueKindError(pv, raw);
      return { pvRef, quality, timestamp, type: 'TimeOfDayValue', timeOfDayValue: t };
    }
  }
}

/** The raw value to send for a PV value: numbers, on/off, totals, hour × 256 + minutes. */
export function encodeValue(value: ProcessValue): number | boolean {
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
      return value.timeOfDayValue.hour * 256 + value.timeOfDayValue.minutes;
  }
}

const near = (a: number, b: number) =>
  a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Same value and quality, whatever the time (report by exception compares these). */
export function unchanged(a: ProcessValue, b: ProcessValue): boolean {
  if (a.quality !== b.quality) return false;
  if (a.type === 'DoubleValue' && b.type === 'DoubleValue') return a.doubleValue === b.doubleValue;
  if (a.type === 'BoolValue' && b.type === 'BoolValue') return a.boolValue === b.boolValue;
  if (a.type === 'CounterValue' && b.type === 'CounterValue')
    // A counter's total may stay while its period amounts roll over at midnight.
    return a.counterValue.value === b.counterValue.value && a.counterValue.day === b.counterValue.day;
  return a.type === b.type && encodeValue(a) === encodeValue(b);
}

/** Whether a value read back is the value written (what the device holds of it). */
export function sameValue(a: ProcessValue, b: ProcessValue): boolean {
  if (a.type !== b.type) return false;
  const x = encodeValue(a);
  const y = encodeValue(b);
  return typeof x === 'number' && typeof y === 'number' ? near(x, y) : x === y;
}

/** A value of the PV's kind to carry a quality before anything was read (0, off, OK). */
export function placeholderValue(pv: PvDefinition, quality: Quality, timestamp: number): ProcessValue {
  const base = { pvRef: pv.ref, quality, timestamp };
  switch (pv.config.valueType) {
    case 'BoolValue':
      return { ...base, type: 'BoolValue', boolValue: false };
    case 'DoubleValue':
      return { ...base, type: 'DoubleValue', doubleValue: 0 };
    case 'FailureStateValue':
      return { ...base, type: 'FailureStateValue', failureStateValue: 0 };
    case 'CounterValue':
      return {
        ...base,
        type: 'CounterValue',
        counterValue: { value: 0, resetable: pv.sim.resetable, day: 0, month: 0, year: 0 },
      };
    case 'RuntimeValue': {
      const limits = pv.sim.runtimeLimits ?? { lower: 0, lowerMid: 0, upperMid: 0, upper: 0 };
      return {
        ...base,
        type: 'RuntimeValue',
        runtimeValue: { ...limits, value: 0, runtimeType: pv.sim.runtimeType },
      };
    }
    case 'TimeOfDayValue':
      return { ...base, type: 'TimeOfDayValue', timeOfDayValue: { hour: 0, minutes: 0 } };
  }
}
