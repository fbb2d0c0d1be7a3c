import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@leitwarte/core';

// No 0/O, 1/I/L: the codes are read off paper and typed in.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Upper case without spaces and dashes, so `abcde-fghij` and `ABCDEFGHIJ` are the same code. */
function normalise(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/** SHA-256 of a normalised code: codes are random (≈ 49 bits), so a plain hash suffices. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalise(code)).digest('hex');
}

/** New codes of the form XXXXX-XXXXX and the hashes to store. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** The stored hashes without the one of this code, or null when the code is not among them. */
export function consumeRecoveryCode(storedJson: string, code: string): string[] | null {
  const hashes = JSON.parse(storedJson) as string[];
  const hash = hashRecoveryCode(code);
  const index = hashes.indexOf(hash);
  if (index < 0) return null;
  return hashes.filter((_, i) => i !== index);
}
