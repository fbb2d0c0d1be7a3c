import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * How a recipient of a remote-alarm plan is reached: a voice call over the plant's alarm lines,
 * an SMS through the HTTP gateway, an e-mail, a push message (ntfy) or a JSON webhook.
 */
export const ALARM_CHANNELS = ['voice', 'sms', 'email', 'push', 'webhook'] as const;
/** One of the delivery channels of a call number. */
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** Channels whose address is a phone number. */
export const PHONE_CHANNELS: readonly AlarmChannel[] = ['voice', 'sms'];

/** Longest address (an e-mail address may have 254 characters, RFC 5321). */
export const RECIPIENT_ADDRESS_MAX = 254;

/** Country whose national format phone numbers are read in when a plant names none. */
export const DEFAULT_DIAL_COUNTRY = 'DE';

/** Why an address is not usable, as a stable code (the client words it from its catalogue). */
export type AddressProblem =
  'empty' | 'tooLong' | 'phoneFormat' | 'phoneInvalid' | 'email' | 'pushTopic' | 'webhookId';

// The browser's own rule for <input type="email"> (WHATWG HTML), so client and server agree.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
// ntfy's topic rule.
const PUSH_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
// What a receiving system may use as a recipient id: no spaces, no control characters.
const WEBHOOK_ID = /^[A-Za-z0-9._:@+-]{1,64}$/;
// Digits grouped by spaces, "-" or "/", optionally after a leading "+".
const PHONE_NOTATION = /^\+?\d(?:[\d /-]*\d)?$/;

/** Whether a text names a country libphonenumber knows (ISO 3166-1 alpha-2, e.g. "DE"). */
export function isDialCountry(country: string): country is CountryCode {
  return isSupportedCountry(country);
}

const dialCountry = (country: string): CountryCode =>
  isDialCountry(country) ? country : (DEFAULT_DIAL_COUNTRY as CountryCode);

/** An address as it is stored: trimmed, inner whitespace collapsed; e-mail domains in lower case. */
export function normaliseRecipientAddress(channel: AlarmChannel, address: string): string {
  const value = address.trim().replace(/\s+/g, ' ');
  if (channel !== 'email') return value;
  const at = value.lastIndexOf('@');
  return at < 0 ? value : `${value.slice(0, at)}@${value.slice(at + 1).toLowerCase()}`;
}

/**
 * A phone number in E.164 ("+4915123456701"): written internationally ("+49 …", "0049 …") or
 * in the national format of `country` ("0151 23456701" in Germany); null when it is no valid
 * number there (libphonenumber's metadata decides, per country and number range).
 */
export function phoneToE164(number: string, country: string = DEFAULT_DIAL_COUNTRY): string | null {
  const value = number.trim();
  if (!PHONE_NOTATION.test(value.replace(/\s+/g, ' ')) || /[ /-]{2}/.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, dialCountry(country));
  return parsed?.isValid() ? parsed.number : null;
}

/** Why an address does not fit its channel, or null when it does. */
export function recipientAddressProblem(
  channel: AlarmChannel,
  address: string,
  country: string = DEFAULT_DIAL_COUNTRY,
): AddressProblem | null {
  const value = normaliseRecipientAddress(channel, address);
  if (value === '') return 'empty';
  if (value.length > RECIPIENT_ADDRESS_MAX) return 'tooLong';
  switch (channel) {
    case 'voice':
    case 'sms':
      if (!PHONE_NOTATION.test(value) || /[ /-]{2}/.test(value)) return 'phoneFormat';
      return phoneToE164(value, country) === null ? 'phoneInvalid' : null;
    case 'email':
      return EMAIL.test(value) && value.indexOf('@') <= 64 ? null : 'email';
    case 'push':
      return PUSH_TOPIC.test(value) ? null : 'pushTopic';
    case 'webhook':
      return WEBHOOK_ID.test(value) ? null : 'webhookId';
  }
}

const GERMAN: Record<AddressProblem, (value: string, country: string) => string> = {
  empty: () => 'Rufnummer darf nicht leer sein.',
  tooLong: () => `Adresse darf höchstens ${RECIPIENT_ADDRESS_MAX} Zeichen haben.`,
  phoneFormat: (v) =>
    `Ungültige Rufnummer "${v}": erlaubt sind Ziffern, ein führendes + sowie Leerzeichen, - und /.`,
  phoneInvalid: (v, c) =>
    `Ungültige Rufnummer "${v}": weder international (+…) noch im nationalen Format (${c}) gültig.`,
  email: (v) => `Ungültige E-Mail-Adresse "${v}".`,
  pushTopic: (v) => `Ungültiges Push-Thema "${v}": 1 bis 64 Buchstaben, Ziffern, - und _.`,
  webhookId: (v) => `Ungültige Empfängerkennung "${v}": 1 bis 64 Zeichen ohne Leerzeichen.`,
};

/** recipientAddressProblem in words (German, as the server's replies are). */
export function recipientAddressError(
  channel: AlarmChannel,
  address: string,
  country: string = DEFAULT_DIAL_COUNTRY,
): string | null {
  const problem = recipientAddressProblem(channel, address, country);
  return problem === null
    ? null
    : GERMAN[problem](normaliseRecipientAddress(channel, address), dialCountry(country));
}
