import type { Quality } from '@leitwarte/core';
import type { RawValue } from '../field/field-types.js';
import { PayloadType, type MetricMessage, type PayloadMessage, type U64 } from './payload-schema.js';

/** Sparkplug B data types (specification 3.0, 6.4.16). */
export const DataType = {
  Int8: 1,
  Int16: 2,
  Int32: 3,
  Int64: 4,
  UInt8: 5,
  UInt16: 6,
  UInt32: 7,
  UInt64: 8,
  Float: 9,
  Double: 10,
  Boolean: 11,
  String: 12,
  DateTime: 13,
  Text: 14,
} as const;

/**
 * An optional field of a decoded message, undefined when the message did not carry it: protobufjs
 * answers absent fields with their defaults from the prototype (0 for a timestamp would be 1970).
 */
export function present<T extends object, K extends keyof T>(message: T, field: K): T[K] | undefined {
  return Object.hasOwn(message, field) ? message[field] : undefined;
}

/** A uint64 as a number (timestamps, aliases, sequence numbers; values beyond 2^53 lose precision). */
export function u64(value: U64): number | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'number' ? value : value.toNumber();
}

/** Signed integers travel as their two's complement in the unsigned fields. */
function signed(long: U64, datatype: number): number {
  if (long === null || long === undefined) return 0;
  if (typeof long === 'number') return long;
  return datatype === DataType.Int64
    ? Number((BigInt(long.high) << 32n) | BigInt(long.low >>> 0))
    : long.toNumber();
}

/** The scalar value of a metric; null for kinds a PV cannot carry (datasets, templates, bytes). */
export function metricValue(metric: MetricMessage, datatype: number): RawValue | null {
  const type = datatype;
  switch (metric.value) {
    case 'intValue': {
      const v = metric.intValue ?? 0;
      if (type === DataType.Int8) return (v << 24) >> 24;
      if (type === DataType.Int16) return (v << 16) >> 16;
      if (type === DataType.Int32) return v | 0;
      return v >>> 0;
    }
    case 'longValue':
      return signed(metric.longValue, type);
    case 'floatValue':
      return metric.floatValue ?? 0;
    case 'doubleValue':
      return metric.doubleValue ?? 0;
    case 'booleanValue':
      return metric.booleanValue ?? false;
    case 'stringValue':
      return metric.stringValue ?? '';
    default:
      return null;
  }
}

/**
 * A metric's quality: null values are Bad; the "Quality" property (3.0, 6.4.19) 192 is Good,
 * 0 and 500 (stale) Bad, the OPC range 64–191 Uncertain.
 */
export function metricQuality(metric: MetricMessage): Quality {
  if (metric.isNull) return 'Bad';
  const props = metric.properties;
  const i = props?.keys?.indexOf('Quality') ?? -1;
  if (i < 0) return 'Good';
  const property = props?.values?.[i];
  const q = property ? (present(property, 'intValue') ?? u64(present(property, 'longValue'))) : undefined;
  if (q === undefined) return 'Good';
  if (q === 192) return 'Good';
  if (q === 500 || q < 64) return 'Bad';
  return q < 192 ? 'Uncertain' : 'Good';
}

/** A metric of a command: the value in the field its data type uses. */
export function commandMetric(
  name: string,
  alias: number | undefined,
  datatype: number,
  raw: RawValue,
  timestamp: number,
): MetricMessage {
  const metric: MetricMessage = { name, datatype, timestamp };
  if (alias !== undefined) metric.alias = alias;
  const n = typeof raw === 'boolean' ? (raw ? 1 : 0) : Number(raw);
  switch (datatype) {
    case DataType.Int8:
    case DataType.Int16:
    case DataType.Int32:
    case DataType.UInt8:
    case DataType.UInt16:
    case DataType.UInt32:
      metric.intValue = Math.round(n) >>> 0;
      break;
    case DataType.Int64:
    case DataType.UInt64:
    case DataType.DateTime:
      metric.longValue = Math.round(n);
      break;
    case DataType.Float:
      metric.floatValue = n;
      break;
    case DataType.Double:
      metric.doubleValue = n;
      break;
    case DataType.Boolean:
      metric.booleanValue = typeof raw === 'boolean' ? raw : n !== 0;
      break;
    default:
      metric.stringValue = String(raw);
  }
  return metric;
}

export function decodePayload(bytes: Uint8Array): PayloadMessage {
  return PayloadType.decode(bytes) as unknown as PayloadMessage;
}

export function encodePayload(payload: PayloadMessage): Uint8Array {
  return PayloadType.encode(PayloadType.fromObject(payload as Record<string, unknown>)).finish();
}
