import type { PvValueType, Quality } from '@leitwarte/core';
import { DataType, type DataValue, type VariantOptions } from 'node-opcua-client';
import type { RawValue } from '../field/field-types.js';

const NUMERIC = new Set<DataType>([
  DataType.SByte,
  DataType.Byte,
  DataType.Int16,
  DataType.UInt16,
  DataType.Int32,
  DataType.UInt32,
  DataType.Int64,
  DataType.UInt64,
  DataType.Float,
  DataType.Double,
]);
const INTEGER = new Set<DataType>([
  DataType.SByte,
  DataType.Byte,
  DataType.Int16,
  DataType.UInt16,
  DataType.Int32,
  DataType.UInt32,
  DataType.Int64,
  DataType.UInt64,
]);

/** Why a variable of this built-in type cannot feed a PV of this value kind; null when it can. */
export function typeMismatch(dataType: DataType, valueType: PvValueType): string | null {
  const name = DataType[dataType] ?? String(dataType);
  const numeric = NUMERIC.has(dataType);
  switch (valueType) {
    case 'BoolValue':
      return dataType === DataType.Boolean || INTEGER.has(dataType) ? null : `a ${name} is no on/off value`;
    case 'FailureStateValue':
    case 'TimeOfDayValue':
      return dataType === DataType.Boolean || INTEGER.has(dataType)
        ? null
        : `${valueType} needs an integer, not a ${name}`;
    default:
      return numeric || dataType === DataType.Boolean ? null : `${valueType} needs a number, not a ${name}`;
  }
}

/** OPC UA status severity (the two top bits): Good, Uncertain, Bad. */
export function qualityOf(statusCode: { value: number }): Quality {
  const severity = statusCode.value >>> 30;
  return severity === 0 ? 'Good' : severity === 1 ? 'Uncertain' : 'Bad';
}

/** The scalar of a variant; null for arrays, matrices and kinds a PV cannot carry. */
export function rawOf(dataValue: DataValue): RawValue | null {
  const variant = dataValue.value;
  if (!variant || variant.arrayType !== 0) return null;
  const v: unknown = variant.value;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  if (v instanceof Date) return v.getTime();
  // 64-bit integers come as [high, low].
  if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number') {
    const high = variant.dataType === DataType.Int64 ? v[0] | 0 : v[0] >>> 0;
    return high * 4_294_967_296 + (v[1] >>> 0);
  }
  return null;
}

/** The time of a value: the device's (source timestamp), else the server's. */
export function timeOf(dataValue: DataValue): number | undefined {
  return dataValue.sourceTimestamp?.getTime() ?? dataValue.serverTimestamp?.getTime() ?? undefined;
}

/** The variant that writes a raw value to a variable of a built-in type. */
export function variantFor(dataType: DataType, raw: RawValue): VariantOptions {
  const n = typeof raw === 'boolean' ? (raw ? 1 : 0) : Number(raw);
  if (dataType === DataType.Boolean) return { dataType, value: typeof raw === 'boolean' ? raw : n !== 0 };
  if (dataType === DataType.Int64 || dataType === DataType.UInt64) {
    const whole = Math.round(n);
    return { dataType, value: [Math.floor(whole / 4_294_967_296), whole >>> 0] };
  }
  if (INTEGER.has(dataType)) return { dataType, value: Math.round(n) };
  if (dataType === DataType.String) return { dataType, value: String(raw) };
  return { dataType, value: n };
}

/** What a variable of a built-in type holds of a number. */
export function quantiseNumber(dataType: DataType | undefined, n: number): number {
  if (dataType === DataType.Float) return Math.fround(n);
  if (dataType !== undefined && INTEGER.has(dataType)) return Math.round(n);
  return n;
}
