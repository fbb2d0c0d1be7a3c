/** Latest accepted life-cycle time: 1 January 2100 (a typo guard, not a business limit). */
const MAX_TIMESTAMP = Date.UTC(2100, 0, 1);

/** Message for an empty life-cycle text ("text cannot be empty", screens §5). */
export const TEXT_EMPTY_MESSAGE = 'Text darf nicht leer sein.';
/** Message for a missing document description ("enter a description", screens §5). */
export const DESCRIPTION_EMPTY_MESSAGE = 'Bitte geben Sie eine Beschreibung ein.';
/** Message for a document of type File without a file ("select a file", screens §5). */
export const FILE_MISSING_MESSAGE = 'Bitte wählen Sie eine Datei aus.';
/** Message for a link document without an address ("enter a URL", screens §5). */
export const URL_MISSING_MESSAGE = 'Bitte geben Sie eine URL ein.';
/** Message for a link that is not a web address ("only web URLs are supported", screens §5). */
export const URL_NOT_WEB_MESSAGE = 'Es werden nur Web-URLs unterstützt.';

/**
 * The maintenance time of a life-cycle entry in milliseconds (calls §3: a number or a date,
 * sent as milliseconds); null when it is no valid time between 1970 and 2100.
 */
export function maintenanceTimestampMs(input: number | string): number | null {
  const ms = typeof input === 'number' ? input : /^\d{4}-\d{2}-\d{2}/.test(input) ? Date.parse(input) : NaN;
  return Number.isFinite(ms) && ms >= 0 && ms < MAX_TIMESTAMP ? Math.round(ms) : null;
}

/** Why a life-cycle entry is refused, or null: a valid time, a text and a kind. */
export function lifecycleEntryRefusal(entry: {
  maintenanceTimestamp: number | string;
  text: string;
  kind: string;
}): string | null {
  if (maintenanceTimestampMs(entry.maintenanceTimestamp) === null) return 'Ungültiges Datum';
  if (entry.text.trim() === '') return TEXT_EMPTY_MESSAGE;
  if (entry.text.length > 4000) return 'Der Text ist zu lang (höchstens 4000 Zeichen).';
  if (entry.kind.trim() === '' || entry.kind.length > 100) return 'Bitte wählen Sie eine Art aus.';
  return null;
}

/** Why an external document form is refused, or null (calls §3 "External document form"). */
export function documentFormRefusal(form: {
  description: string;
  docType: string;
  target?: string;
  fileName?: string;
}): string | null {
  if (form.description.trim() === '') return DESCRIPTION_EMPTY_MESSAGE;
  if (form.docType === 'File') return form.fileName?.trim() ? null : FILE_MISSING_MESSAGE;
  const target = form.target?.trim() ?? '';
  if (target === '') return URL_MISSING_MESSAGE;
  return /^https?:\/\/[^\s/]+/i.test(target) ? null : URL_NOT_WEB_MESSAGE;
}
