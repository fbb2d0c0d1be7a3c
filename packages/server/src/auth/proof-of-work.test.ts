import { describe, expect, it } from 'vitest';
import {
  BOT_CHECK_TTL_MS,
  createProofOfWork,
  leadingZeroBits,
  solveProofOfWork,
  workHash,
} from './proof-of-work.js';

describe('self-hosted bot check (proof of work)', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Buffer.from([0x00, 0x0f, 0xff]))).toBe(12);
    expect(leadingZeroBits(Buffer.from([0x80]))).toBe(0);
    expect(leadingZeroBits(Buffer.from([0x00, 0x00]))).toBe(16);
  });

  it('accepts the work once', () => {
    const pow = createProofOfWork('secret', 10);
    const answer = solveProofOfWork(pow.issue());
    expect(pow.check(answer)).toBe('ok');
    expect(pow.check(answer)).toBe('replayed');
  });

  it('refuses too little work', () => {
    const pow = createProofOfWork('secret', 12);
    const challenge = pow.issue();
    let counter = 0;
    while (leadingZeroBits(workHash(challenge.nonce, counter)) >= 12) counter++;
    expect(pow.check(`${challenge.challenge}:${counter}`)).toBe('insufficient');
  });

  it('refuses an answer after the challenge expired', () => {
    let now = 1_000_000;
    const pow = createProofOfWork('secret', 8, () => now);
    const answer = solveProofOfWork(pow.issue());
    now += BOT_CHECK_TTL_MS + 1;
    expect(pow.check(answer)).toBe('expired');
  });

  it('refuses a challenge of another server, a lowered difficulty and garbage', () => {
    const pow = createProofOfWork('secret', 8);
    expect(pow.check(solveProofOfWork(createProofOfWork('other', 8).issue()))).toBe('incorrect');
    const challenge = pow.issue();
    const [nonce, expires, , mac] = challenge.challenge.split('.');
    const easier = { ...challenge, challenge: `${nonce}.${expires}.0.${mac}`, bits: 0 };
    expect(pow.check(solveProofOfWork(easier))).toBe('incorrect');
    for (const bad of ['', 'x', `${challenge.challenge}`, `${challenge.challenge}:-1`]) {
      expect(pow.check(bad)).toBe('incorrect');
    }
  });
});
