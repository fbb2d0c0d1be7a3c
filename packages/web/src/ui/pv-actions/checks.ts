import type { PvConfig, PvValueWrite, ProcessValue } from '@leitwarte/core';

/** Only outputs can be set (screens §5 "Setting values"). */
export const SETTABLE_TYPES = ['AnaOut', 'DigiOut'] as const;

/** What the operator entered for one PV of the set-values dialog. */
export type ValueEntry =
  | { kind: 'number'; text: string }
  | { kind: 'timeOfDay'; text: string }
  | { kind: 'digital'; mode: 0 | 1 | 2 };

/** A value outside its PV's domain: the dialog names value, PV and valid range. */
export interface DomainViolation {
  pv: PvConfig;
  value: string;
  min: number | null;
  max: number | null;
}

export type EntryProblem = { kind: 'invalidNumber' } | { kind: 'invalidDate' } | { kind: 'noCurrentValue' };

/** Parses a number as typed in German or English notation ("1,5", "1.5", "-3"); null when not a number. */
export function parseNumberText(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^[-+]?\d+([.,]\d+)?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

/** Parses a time of day "HH:MM"; null for anything else (the dialog says 'Ungültiges Datum'). */
export function parseTimeOfDay(text: string): { hour: number; minutes: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minutes = Number(match[2]);
  if (hour > 23 || minutes > 59) return null;
  return { hour, minutes };
}

/** A time of day as compared against limits: hour × 256 + minutes (screens §5). */
export function timeOfDayNumber(time: { hour: number; minutes: number }): number {
  return time.hour * 256 + time.minutes;
}

/** The time of day a limit number stands for (inverse of timeOfDayNumber), for messages. */
export function timeOfDayText(value: number): string {
  const hour = Math.floor(value / 256);
  const minutes = value % 256;
  return `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The entry an output starts with: its current value, or for digital outputs the caller's default. */
export function initialEntry(
  config: PvConfig,
  value: ProcessValue | undefined,
  defaultValue?: number,
): ValueEntry {
  if (config.pvRef.type === 'DigiOut') {
    const mode = defaultValue === 0 || defaultValue === 1 || defaultValue === 2 ? defaultValue : 1;
    return { kind: 'digital', mode };
  }
  if (config.valueType === 'TimeOfDayValue') {
    const time = value?.type === 'TimeOfDayValue' ? value.timeOfDayValue : null;
    return { kind: 'timeOfDay', text: time ? timeOfDayText(timeOfDayNumber(time)) : '' };
  }
  const number = value?.type === 'DoubleValue' ? value.doubleValue : null;
  return { kind: 'number', text: number === null ? '' : String(number).replace('.', ',') };
}

export type EntryResult =
  { ok: true; write: PvValueWrite; violation: DomainViolation | null } | { ok: false; problem: EntryProblem };

/**
 * The write of one entry, and whether it lies outside the PV's domain (min only or max only where
 * only one exists). A digital "invert" (2) needs the current value.
 */
export function checkEntry(
  config: PvConfig,
  entry: ValueEntry,
  current: ProcessValue | undefined,
): EntryResult {
  const pvRef = { type: config.pvRef.type, nr: config.pvRef.nr };
  const domain = config.domainConfig;
  const outside = (n: number) =>
    domain !== null && ((domain.min !== null && n < domain.min) || (domain.max !== null && n > domain.max));
  if (entry.kind === 'digital') {
    if (entry.mode !== 2)
      return { ok: true, write: { pvRef, type: 'BoolValue', boolValue: entry.mode === 1 }, violation: null };
    if (current?.type !== 'BoolValue') return { ok: false, problem: { kind: 'noCurrentValue' } };
    return { ok: true, write: { pvRef, type: 'BoolValue', boolValue: !current.boolValue }, violation: null };
  }
  if (entry.kind === 'timeOfDay') {
    const time = parseTimeOfDay(entry.text);
    if (!time) return { ok: false, problem: { kind: 'invalidDate' } };
    const n = timeOfDayNumber(time);
    const violation = outside(n)
      ? { pv: config, value: entry.text.trim(), min: domain?.min ?? null, max: domain?.max ?? null }
      : null;
    return { ok: true, write: { pvRef, type: 'TimeOfDayValue', timeOfDayValue: time }, violation };
  }
  const n = parseNumberText(entry.text);
  if (n === null) return { ok: false, problem: { kind: 'invalidNumber' } };
  const violation = outside(n)
    ? { pv: config, value: entry.text.trim(), min: domain?.min ?? null, max: domain?.max ?? null }
    : null;
  return { ok: true, write: { pvRef, type: 'DoubleValue', doubleValue: n }, violation };
}
