import { REMOTE_ALARM_NAME_MAX } from './constants.js';
import { DEFAULT_DIAL_COUNTRY, recipientAddressError } from './recipient-address.js';

/** A call number as it is stored: trimmed, inner whitespace collapsed to single spaces. */
export function normaliseCallNumber(number: string): string {
  return number.trim().replace(/\s+/g, ' ');
}

/**
 * Why a phone number is not dialable, or null when it is: digits grouped by spaces, "-" or "/"
 * after an optional "+", and a valid number written internationally (E.164, "+49 …", "0049 …")
 * or in the national format of the plant's country (e.g. "0151-23456789" in Germany).
 */
export function callNumberError(number: string, country: string = DEFAULT_DIAL_COUNTRY): string | null {
  return recipientAddressError('voice', number, country);
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
