import {
  ALARM_CHANNELS,
  callNumberNameError,
  normaliseRecipientAddress,
  recipientAddressError,
  type AlarmCallNumber,
  type CallNumberInput,
  type CallNumberState,
} from '@leitwarte/core';
import type { CallNumberWrite } from '../../store/remote-alarm/index.js';

/** Validated writes, or every reason the request is refused (nothing is written then). */
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

function label(input: { id?: number; name?: string }, index: number): string {
  return input.id === undefined ? `Neue Rufnummer ${index + 1}` : `Rufnummer ${input.id}`;
}

/**
 * Checks call numbers to save: name not empty, an address that fits the channel (a phone number
 * in E.164 or the plant's national format, an e-mail address, ...), known id and category.
 */
export function checkCallNumberInputs(
  inputs: readonly CallNumberInput[],
  existing: ReadonlyMap<number, AlarmCallNumber>,
  categories: ReadonlySet<number>,
  country: string,
): Checked<CallNumberWrite[]> {
  const errors: string[] = [];
  const ids = new Set<number>();
  const writes: CallNumberWrite[] = [];
  inputs.forEach((input, i) => {
    const at = label(input, i);
    if (input.id !== undefined) {
      if (!existing.has(input.id)) errors.push(`${at}: existiert nicht.`);
      if (ids.has(input.id)) errors.push(`${at}: ist mehrfach angegeben.`);
      ids.add(input.id);
    }
    const nameError = typeof input.name === 'string' ? callNumberNameError(input.name) : 'Name fehlt.';
    if (nameError) errors.push(`${at}: ${nameError}`);
    // A number saved without a channel keeps the one it has (a new one is a voice number).
    const channel = input.channel ?? (input.id === undefined ? undefined : existing.get(input.id)?.channel);
    const kind = channel ?? 'voice';
    if (!ALARM_CHANNELS.includes(kind)) errors.push(`${at}: unbekannter Kanal.`);
    const numberError =
      typeof input.number === 'string'
        ? recipientAddressError(kind, input.number, country)
        : 'Rufnummer fehlt.';
    if (numberError) errors.push(`${at}: ${numberError}`);
    if (typeof input.active !== 'boolean') errors.push(`${at}: Aktivierung fehlt.`);
    if (input.categoryId !== null && !categories.has(input.categoryId)) {
      errors.push(`${at}: unbekannte Kategorie ${String(input.categoryId)}.`);
    }
    writes.push({
      ...(input.id === undefined ? {} : { id: input.id }),
      name: String(input.name).trim(),
      number: normaliseRecipientAddress(kind, String(input.number)),
      active: input.active,
      categoryId: input.categoryId,
      channel: kind,
    });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: writes };
}

/** Checks activation states: known ids, each once, boolean state. */
export function checkCallNumberStates(
  states: readonly CallNumberState[],
  existing: ReadonlyMap<number, AlarmCallNumber>,
): Checked<CallNumberState[]> {
  const errors: string[] = [];
  const ids = new Set<number>();
  for (const s of states) {
    if (!existing.has(s.id)) errors.push(`Rufnummer ${s.id}: existiert nicht.`);
    if (ids.has(s.id)) errors.push(`Rufnummer ${s.id}: ist mehrfach angegeben.`);
    if (typeof s.active !== 'boolean') errors.push(`Rufnummer ${s.id}: Aktivierung fehlt.`);
    ids.add(s.id);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: [...states] };
}
