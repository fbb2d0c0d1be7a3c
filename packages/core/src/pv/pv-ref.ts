/** PV types of screens §3 "Process value reference". */
export const PV_TYPES = [
  'AnaIn',
  'AnaOut',
  'DigiIn',
  'DigiOut',
  'MinMax',
  'RechenWert',
  'LaborWert',
  'ZaehlWert',
  'PlsObject',
  'Undef',
] as const;

/** One of the PV types of screens §3. */
export type PvType = (typeof PV_TYPES)[number];

/** A reference to one process value: type plus number (screens §3). */
export interface PvRef {
  type: PvType;
  nr: number;
}

/** Station number divisor of screens §9. */
export const STATION_NUMBER_DIVISOR = 100000;

/** Types whose nr encodes station and number (screens §3). */
const STATION_ENCODED: ReadonlySet<PvType> = new Set(['AnaIn', 'AnaOut', 'DigiIn', 'DigiOut']);

/** Whether nr of this type encodes station and number (AnaIn, AnaOut, DigiIn, DigiOut). */
export function isStationEncoded(type: PvType): boolean {
  return STATION_ENCODED.has(type);
}

/** Whether a string is one of the PV types. */
export function isPvType(value: unknown): value is PvType {
  return typeof value === 'string' && (PV_TYPES as readonly string[]).includes(value);
}

/** Station and number of a PV: floor(nr / 100000) and nr mod 100000 for encoded types, nr as is otherwise. */
export function decodePvNr(ref: PvRef): { station: number | null; number: number } {
  if (!isStationEncoded(ref.type)) return { station: null, number: ref.nr };
  return {
    station: Math.floor(ref.nr / STATION_NUMBER_DIVISOR),
    number: ref.nr % STATION_NUMBER_DIVISOR,
  };
}

/** nr of a station-encoded PV from station and number. */
export function encodePvNr(station: number, number: number): number {
  if (!Number.isInteger(station) || station < 0) throw new RangeError(`invalid station ${station}`);
  if (!Number.isInteger(number) || number < 0 || number >= STATION_NUMBER_DIVISOR) {
    throw new RangeError(`invalid PV number ${number}`);
  }
  return station * STATION_NUMBER_DIVISOR + number;
}

/** The key "Type-nr" used in URLs (`pv=AnaIn-100001`) and as a map key. */
export function pvKey(ref: PvRef): string {
  return `${ref.type}-${ref.nr}`;
}

/** Parses "Type-nr" back into a reference; null when malformed. */
export function parsePvKey(key: string): PvRef | null {
  const dash = key.lastIndexOf('-');
  if (dash <= 0) return null;
  const type = key.slice(0, dash);
  const digits = key.slice(dash + 1);
  if (!isPvType(type) || !/^\d{1,15}$/.test(digits)) return null;
  return { type, nr: Number(digits) };
}

/** Whether a value is a well-formed PV reference (known type, non-negative integer nr). */
export function isPvRef(value: unknown): value is PvRef {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; nr?: unknown };
  return isPvType(v.type) && Number.isSafeInteger(v.nr) && (v.nr as number) >= 0;
}
