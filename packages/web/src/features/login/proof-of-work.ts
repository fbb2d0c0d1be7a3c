// SHA-256 in plain JS: the bot check hashes tens of thousands of short strings, and the
// browser's crypto.subtle answers each with a promise, which costs more than the hash itself.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const W = new Uint32Array(64);
const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

/**
 * SHA-256 of the first `length` bytes of `buffer`, whose size must be a multiple of 64 with room for
 * the padding; the buffer is reused between calls so the search allocates nothing per hash.
 */
export function sha256Into(buffer: Uint8Array, length: number, h: Uint32Array): void {
  const blocks = Math.ceil((length + 9) / 64);
  buffer.fill(0, length, blocks * 64);
  buffer[length] = 0x80;
  const bitLength = length * 8;
  const end = blocks * 64;
  buffer[end - 4] = bitLength >>> 24;
  buffer[end - 3] = (bitLength >>> 16) & 0xff;
  buffer[end - 2] = (bitLength >>> 8) & 0xff;
  buffer[end - 1] = bitLength & 0xff;
  h.set(INITIAL);
  for (let offset = 0; offset < end; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      W[i] =
        ((buffer[j] ?? 0) << 24) |
        ((buffer[j + 1] ?? 0) << 16) |
        ((buffer[j + 2] ?? 0) << 8) |
        (buffer[j + 3] ?? 0);
    }
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15] ?? 0;
      const b = W[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      W[i] = (W[i - 16] ?? 0) + s0 + (W[i - 7] ?? 0) + s1;
    }
    let a = h[0] ?? 0;
    let b = h[1] ?? 0;
    let c = h[2] ?? 0;
    let d = h[3] ?? 0;
    let e = h[4] ?? 0;
    let f = h[5] ?? 0;
    let g = h[6] ?? 0;
    let k = h[7] ?? 0;
    for (let i = 0; i < 64; i++) {
      const t1 =
        (k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (W[i] ?? 0)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = (h[0] ?? 0) + a;
    h[1] = (h[1] ?? 0) + b;
    h[2] = (h[2] ?? 0) + c;
    h[3] = (h[3] ?? 0) + d;
    h[4] = (h[4] ?? 0) + e;
    h[5] = (h[5] ?? 0) + f;
    h[6] = (h[6] ?? 0) + g;
    h[7] = (h[7] ?? 0) + k;
  }
}

/** SHA-256 of bytes as eight 32-bit words. */
export function sha256(bytes: Uint8Array): Uint32Array {
  const buffer = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  buffer.set(bytes);
  const h = new Uint32Array(8);
  sha256Into(buffer, bytes.length, h);
  return h;
}

const encoder = new TextEncoder();

/** Leading zero bits of a digest, counted over its first two words. */
const zeroBits = (h: Uint32Array) => (h[0] === 0 ? 32 + Math.clz32(h[1] ?? 0) : Math.clz32(h[0] ?? 0));

/** Leading zero bits of SHA-256(`nonce:counter`). */
export function workBits(nonce: string, counter: number): number {
  return zeroBits(sha256(encoder.encode(`${nonce}:${counter}`)));
}

/** Searches counters from `from` up to (not incl.) `to`; the first with enough zero bits, or null. */
export function searchWork(nonce: string, bits: number, from: number, to: number): number | null {
  const prefix = encoder.encode(`${nonce}:`);
  const buffer = new Uint8Array(Math.ceil((prefix.length + 16 + 9) / 64) * 64);
  buffer.set(prefix);
  const h = new Uint32Array(8);
  for (let counter = from; counter < to; counter++) {
    // The counter's decimal digits (ASCII) right after the prefix.
    const digits = String(counter);
    for (let i = 0; i < digits.length; i++) buffer[prefix.length + i] = digits.charCodeAt(i);
    sha256Into(buffer, prefix.length + digits.length, h);
    if (zeroBits(h) >= bits) return counter;
  }
  return null;
}
