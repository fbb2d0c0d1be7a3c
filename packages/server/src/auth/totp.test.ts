import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  otpauthUri,
  totpCode,
  totpStep,
  verifyTotp,
} from './totp.js';

describe('TOTP (RFC 6238, HMAC-SHA-1, 30 s steps)', () => {
  // RFC 6238 appendix B, SHA-1 column: the key is the ASCII string, codes have 8 digits.
  const key = Buffer.from('12345678901234567890', 'ascii');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the test vector for T=%i', (seconds, code) => {
    expect(hotp(key, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it('uses the last six digits for the six-digit codes of the apps', () => {
    const secret = base32Encode(key);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(base32Decode(secret).equals(key)).toBe(true);
  });

  it('accepts a code one step either side of now and refuses steps further away', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    for (const offset of [-30_000, 0, 30_000])
      expect(verifyTotp(secret, totpCode(secret, now + offset), now, null)).toBe(totpStep(now + offset));
    for (const offset of [-60_000, 60_000])
      expect(verifyTotp(secret, totpCode(secret, now + offset), now, null)).toBeNull();
  });

  it('refuses a code whose step was used already, and anything that is not six digits', () => {
    const secret = generateTotpSecret();
    const now = 1_700_000_000_000;
    const code = totpCode(secret, now);
    const step = verifyTotp(secret, code, now, null)!;
    expect(verifyTotp(secret, code, now, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
    for (const bad of ['', '12345', '1234567', 'abcdef'])
      expect(verifyTotp(secret, bad, now, null)).toBeNull();
  });

  it('writes the otpauth URI the apps read from the QR code', () => {
    const uri = new URL(otpauthUri('Leitwarte', 'anna', 'ABCDEFGH'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.href.startsWith('otpauth://totp/Leitwarte:anna?')).toBe(true);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'ABCDEFGH',
      issuer: 'Leitwarte',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
