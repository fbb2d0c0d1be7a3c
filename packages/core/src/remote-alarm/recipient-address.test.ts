import { describe, expect, it } from 'vitest';
import {
  isDialCountry,
  normaliseRecipientAddress,
  phoneToE164,
  recipientAddressError,
  recipientAddressProblem,
} from './recipient-address.js';

describe('recipient addresses per channel (issue: E.164 or the plant national format, e-mail addresses)', () => {
  it('reads phone numbers internationally or in the national format of the plant country', () => {
    expect(phoneToE164('0151-23456701', 'DE')).toBe('+4915123456701');
    expect(phoneToE164('+49 6641 555-190', 'DE')).toBe('+496641555190');
    expect(phoneToE164('0049 171 5550123', 'DE')).toBe('+491715550123');
    expect(phoneToE164('0151-23456701', 'US')).toBeNull();
    expect(phoneToE164('+4915123456701', 'AT')).toBe('+4915123456701');
    expect(phoneToE164('0664 1234567', 'AT')).toBe('+436641234567');
    expect(phoneToE164('110', 'DE')).toBeNull();
    expect(phoneToE164('0151--23456701', 'DE')).toBeNull();
  });

  it('checks each channel by its own rule, with a stable code', () => {
    expect(recipientAddressProblem('voice', ' 0170 1234567 ')).toBeNull();
    expect(recipientAddressProblem('sms', '0170 12345')).toBe('phoneInvalid');
    expect(recipientAddressProblem('sms', '0170 ABC')).toBe('phoneFormat');
    expect(recipientAddressProblem('email', 'k.weber@zv-talaue.de')).toBeNull();
    expect(recipientAddressProblem('email', 'k.weber@localhost')).toBe('email');
    expect(recipientAddressProblem('email', 'k weber@zv-talaue.de')).toBe('email');
    expect(recipientAddressProblem('email', `${'a'.repeat(65)}@zv-talaue.de`)).toBe('email');
    expect(recipientAddressProblem('push', 'bereitschaft-wasser_1')).toBeNull();
    expect(recipientAddressProblem('push', 'bereitschaft wasser')).toBe('pushTopic');
    expect(recipientAddressProblem('webhook', 'leitstelle:schicht-1')).toBeNull();
    expect(recipientAddressProblem('webhook', 'a b')).toBe('webhookId');
    expect(recipientAddressProblem('email', '   ')).toBe('empty');
    expect(recipientAddressProblem('email', `${'a'.repeat(60)}@${'b'.repeat(200)}.de`)).toBe('tooLong');
  });

  it('words the problem in German for the server replies', () => {
    expect(recipientAddressError('email', 'nobody')).toBe('Ungültige E-Mail-Adresse "nobody".');
    expect(recipientAddressError('voice', '1234', 'AT')).toMatch(/nationalen Format \(AT\)/);
    expect(recipientAddressError('email', 'a@b.de')).toBeNull();
  });

  it('normalises: spaces collapsed, e-mail domain in lower case, the local part kept', () => {
    expect(normaliseRecipientAddress('voice', ' 0170   1234567 ')).toBe('0170 1234567');
    expect(normaliseRecipientAddress('email', ' K.Weber@ZV-Talaue.DE ')).toBe('K.Weber@zv-talaue.de');
  });

  it('knows the countries by their ISO code', () => {
    expect(isDialCountry('DE')).toBe(true);
    expect(isDialCountry('XX')).toBe(false);
  });
});
