import { describe, expect, it } from 'vitest';
import { RecordPool } from './record-pool.js';

describe('RecordPool', () => {
  it('hands out exactly the size asked for and reuses memory given back', () => {
    const pool = new RecordPool();
    const first = pool.acquire(120_000);
    expect(first.length).toBe(120_000);
    // Not given back yet: a second record may not share its memory.
    const second = pool.acquire(100_000);
    expect(second.buffer).not.toBe(first.buffer);
    pool.release(first);
    expect(pool.freeCount).toBe(1);
    const third = pool.acquire(130_000);
    expect(third.buffer).toBe(first.buffer);
    expect(third.length).toBe(130_000);
    expect(pool.freeCount).toBe(0);
  });

  it('keeps sizes apart: a small record does not take a large buffer', () => {
    const pool = new RecordPool();
    const large = pool.acquire(500_000);
    pool.release(large);
    expect(pool.acquire(2_000).buffer).not.toBe(large.buffer);
    expect(pool.acquire(400_000).buffer).toBe(large.buffer);
  });

  it('takes back only its own buffers and keeps a bounded amount', () => {
    const pool = new RecordPool();
    pool.release(Buffer.allocUnsafe(100));
    pool.release(Buffer.from(new ArrayBuffer(3000)));
    pool.release(pool.acquire(4 * 1024 * 1024));
    expect(pool.freeCount).toBe(0);
    const records = Array.from({ length: 100 }, () => pool.acquire(500_000));
    records.forEach((record) => pool.release(record));
    // 4 MiB of 512 KiB buffers.
    expect(pool.freeCount).toBe(8);
  });
});
