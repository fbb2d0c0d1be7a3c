import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { searchWork, sha256, workBits } from './proof-of-work';

const hex = (words: Uint32Array) => [...words].map((w) => w.toString(16).padStart(8, '0')).join('');

describe('the login page’s proof of work', () => {
  it.each(['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), 'nonce-123:4567', 'ä'.repeat(40)])(
    'hashes %j as SHA-256 does',
    (text) => {
      const expected = createHash('sha256').update(text).digest('hex');
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(expected);
    },
  );

  it('finds the first counter whose hash has the asked leading zero bits', () => {
    const nonce = 'AbC-123_x';
    const found = searchWork(nonce, 10, 0, 1_000_000)!;
    expect(workBits(nonce, found)).toBeGreaterThanOrEqual(10);
    for (let counter = 0; counter < found; counter++) expect(workBits(nonce, counter)).toBeLessThan(10);
    const digest = createHash('sha256').update(`${nonce}:${found}`).digest();
    expect(digest[0]).toBe(0);
    expect(digest[1]! >> 6).toBe(0);
  });

  it('answers null when the range holds no answer', () => {
    expect(searchWork('n', 30, 0, 10)).toBeNull();
  });
});
