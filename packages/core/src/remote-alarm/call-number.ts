import { REMOTE_ALARM_NAME_MAX } from './constants.js';

/** Digits a phone number must have at least and at most (E.164 allows 15 after the country code). */
const MIN_DIGITS = 5;
const MAX_DIGITS = 20;

/** A call number as it is stored: trimmed, inner whitespace collapsed to single spaces. */
export function normaliseCallNumber(number: string): string {
  return number.trim().replace(/\s+/g, ' ');
}

/**
 * Why a call number string is not dialable, or null when it is. Accepted: an optional leading
 * "+" then digits grouped by spaces, "-" or "/" (e.g. "0151-23456789", "+49 6641 4711-20").
 */
export function callNumberError(number: string): string | null {
  const value = normaliseCallNumber(number);
  if (value === '') return 'Rufnummer darf nicht leer sein.';
  if (!/^\+?\d(?:[\d /-]*\d)?$/.test(value) || /[ /-]{2}/.test(value)) {
    return `Ungültige Rufnummer "${value}": erlaubt sind Ziffern, ein führendes + sowie Leerzeichen, - und /.`;
  }
  const digits = value.replace(/\D/g, '').length;
  if (digits < MIN_DIGITS || digits > MAX_DIGITS) {
    return `Ungültige Rufnummer "${value}": ${MIN_DIGITS} bis ${MAX_DIGITS} Ziffern erwartet.`;
  }
  return null;
}

/** Why a call number's name is not acceptable, or null. */
export function callNumberNameError(name: string): string | null {
  const value = name.trim();
  if (value === '') return 'Name darf nicht leer sein.';
  if (value.length > REMOTE_ALARM_NAME_MAX)
    return `Name darf höchstens ${REMOTE_ALARM_NAME_MAX} Zeichen haben.`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'Name darf keine Steuerzeichen enthalten.';
  return null;
}
