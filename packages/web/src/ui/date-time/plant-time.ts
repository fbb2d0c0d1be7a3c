import { zonedParts, zonedToEpoch } from '@leitwarte/core';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as the date picker's value: "YYYY-MM-DD HH:mm:ss" wall-clock time in the plant's
 * zone, so the field shows the plant's time whatever zone the browser runs in.
 */
export function toPlantValue(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The instant of a picker value read as wall-clock time in the plant's zone; null when malformed. */
export function fromPlantValue(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59)
    return null;
  return zonedToEpoch({ year, month, day, hour, minute, second }, timeZone);
}

/**
 * The dayjs display format of a language, as its Intl locale writes dates (de-DE, cs-CZ, ru-RU:
 * 26.11.2026; en-GB: 26/11/2026), always in 24-hour time as the control room reads it.
 */
export function dateTimeFormatOf(language: string): string {
  return language.startsWith('en') ? 'DD/MM/YYYY HH:mm' : 'DD.MM.YYYY HH:mm';
}

/** The dayjs format of a date alone in a language (26.11.2026; 26/11/2026 in English). */
export function dateFormatOf(language: string): string {
  return dateTimeFormatOf(language).replace(' HH:mm', '');
}
