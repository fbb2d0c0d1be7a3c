import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a challenge may be answered. */
export const BOT_CHECK_TTL_MS = 2 * 60_000;

export interface ProofOfWorkChallenge {
  /** `<nonce>.<expiresAt>.<bits>.<mac>`; the answer is `<challenge>:<counter>`. */
  challenge: string;
  nonce: string;
  bits: number;
  expiresAt: number;
}

export type ProofOfWorkCheck = 'ok' | 'incorrect' | 'expired' | 'insufficient' | 'replayed';

/** Number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The hash the work is measured on. */
export function workHash(nonce: string, counter: number): Buffer {
  return createHash('sha256').update(`${nonce}:${counter}`).digest();
}

/** Finds the answer to a challenge (what the browser does in its worker); for clients without a browser. */
export function solveProofOfWork(
  challenge: Pick<ProofOfWorkChallenge, 'challenge' | 'nonce' | 'bits'>,
): string {
  for (let counter = 0; ; counter++) {
    if (leadingZeroBits(workHash(challenge.nonce, counter)) >= challenge.bits)
      return `${challenge.challenge}:${counter}`;
  }
}

/**
 * The self-hosted bot check: a signed challenge (no server state until it is answered) whose answer
 * costs the client about 2^bits hashes and the server one. Each answer is accepted once; the used
 * nonces are remembered until their challenge would have expired anyway.
 */
export function createProofOfWork(secret: string, bits: number, now: () => number = Date.now) {
  const used = new Map<string, number>();
  const mac = (nonce: string, expiresAt: number, difficulty: number) =>
    createHmac('sha256', secret).update(`pow.${nonce}.${expiresAt}.${difficulty}`).digest('base64url');
  const forget = () => {
    const at = now();
    for (const [nonce, expiresAt] of used) if (expiresAt < at) used.delete(nonce);
  };
  return {
    issue(): ProofOfWorkChallenge {
      const nonce = randomBytes(16).toString('base64url');
      const expiresAt = now() + BOT_CHECK_TTL_MS;
      return {
        challenge: `${nonce}.${expiresAt}.${bits}.${mac(nonce, expiresAt, bits)}`,
        nonce,
        bits,
        expiresAt,
      };
    },
    check(answer: string): ProofOfWorkCheck {
      const match = /^([\w-]{1,64})\.(\d{1,15})\.(\d{1,2})\.([\w-]{1,64}):(\d{1,12})$/.exec(answer);
      if (match === null) return 'incorrect';
      const [, nonce = '', expires = '', difficulty = '', signature = '', counter = ''] = match;
      const expected = Buffer.from(mac(nonce, Number(expires), Number(difficulty)));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'incorrect';
      if (Number(expires) < now()) return 'expired';
      // A challenge issued before the difficulty was raised still counts with its own (signed) bits.
      if (leadingZeroBits(workHash(nonce, Number(counter))) < Number(difficulty)) return 'insufficient';
      forget();
      if (used.has(nonce)) return 'replayed';
      used.set(nonce, Number(expires));
      return 'ok';
    },
  };
}
export type ProofOfWork = ReturnType<typeof createProofOfWork>;
