import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/http';
import { retryDelay, shouldRetry } from './query-client';

const status = (code: number) => new ApiError(code, null, `status ${code}`);

describe('loading retries', () => {
  it('does not retry an answer of the client kind', () => {
    expect(shouldRetry(0, status(400))).toBe(false);
    expect(shouldRetry(0, status(403))).toBe(false);
    expect(shouldRetry(0, status(404))).toBe(false);
  });

  it('retries server and network errors twice', () => {
    expect(shouldRetry(1, status(500))).toBe(true);
    expect(shouldRetry(2, status(500))).toBe(false);
    expect(shouldRetry(1, new NetworkError('offline'))).toBe(true);
    expect(shouldRetry(2, new NetworkError('offline'))).toBe(false);
  });

  it('waits out a takeover of the plant: a 503 is retried for longer than 10 s', () => {
    let tries = 0;
    let waited = 0;
    while (shouldRetry(tries, status(503))) waited += retryDelay(tries++);
    expect(tries).toBe(6);
    expect(waited).toBeGreaterThan(20_000);
    expect(retryDelay(10)).toBe(5_000);
  });
});
