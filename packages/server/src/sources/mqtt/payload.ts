import type { Quality } from '@leitwarte/core';
import type { RawValue } from '../field/field-types.js';
import type { MqttAddress } from '../definition/sources-definition.js';

/** A message's value, quality and time as a PV's address reads them; null when it holds no value. */
export interface Reading {
  raw: RawValue;
  quality: Quality;
  timestamp: number | undefined;
}

/** An address's JSON paths split once (a message is read per PV, many thousand times a second). */
export interface ReadPaths {
  value: readonly string[];
  timestamp: readonly string[];
  quality: readonly string[];
}

export const readPaths = (address: MqttAddress): ReadPaths => ({
  value: address.valuePath.split('.'),
  timestamp: address.timestampPath.split('.'),
  quality: address.qualityPath.split('.'),
});

function at(document: unknown, path: readonly string[]): unknown {
  let node = document;
  for (const part of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Quality words (Good, Bad, Uncertain) or OPC quality numbers (192 good, 64–191 uncertain). */
function qualityOf(value: unknown): Quality {
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'bad') return 'Bad';
    if (word === 'uncertain') return 'Uncertain';
    return 'Good';
  }
  if (typeof value === 'number') return value >= 192 ? 'Good' : value >= 64 ? 'Uncertain' : 'Bad';
  if (typeof value === 'boolean') return value ? 'Good' : 'Bad';
  return 'Good';
}

/** Milliseconds since the epoch, seconds since the epoch, or an ISO 8601 text. */
function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0)
    return value < 1e11 ? value * 1000 : value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

/** The parsed JSON of a message, shared by the PVs of one topic. */
export type ParsedPayload = { json: unknown } | { text: string } | { invalid: string };

export function parsePayload(payload: Buffer, kind: MqttAddress['payload']): ParsedPayload {
  const text = payload.toString('utf8');
  if (kind === 'text') return { text };
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return { invalid: text.length > 60 ? `${text.slice(0, 60)}…` : text };
  }
}

/** What one PV's address reads from a message; a string describing the problem when nothing. */
export function readingOf(parsed: ParsedPayload, address: MqttAddress, paths: ReadPaths): Reading | string {
  if ('invalid' in parsed) return `not JSON: ${JSON.stringify(parsed.invalid)}`;
  if ('text' in parsed) return { raw: parsed.text, quality: 'Good', timestamp: undefined };
  const doc = parsed.json;
  if (typeof doc !== 'object' || doc === null) {
    if (typeof doc === 'number' || typeof doc === 'boolean' || typeof doc === 'string')
      return { raw: doc, quality: 'Good', timestamp: undefined };
    return 'an empty message';
  }
  const value = at(doc, paths.value);
  if (typeof value !== 'number' && typeof value !== 'boolean' && typeof value !== 'string')
    return `no value at "${address.valuePath}"`;
  return {
    raw: value,
    quality: qualityOf(at(doc, paths.quality)),
    timestamp: timeOf(at(doc, paths.timestamp)),
  };
}

/** The message that writes a value: `{ "<valuePath>": value }` (nested by the path), or the bare text. */
export function writePayload(raw: RawValue, address: MqttAddress): string {
  const value = typeof raw === 'bigint' ? Number(raw) : raw;
  if (address.payload === 'text') return String(value);
  const parts = address.valuePath.split('.');
  let doc: unknown = value;
  for (const part of parts.reverse()) doc = { [part]: doc };
  return JSON.stringify(doc);
}
