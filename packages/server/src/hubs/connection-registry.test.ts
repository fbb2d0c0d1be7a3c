import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionRegistry } from './connection-registry.js';

describe('ConnectionRegistry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands out a URL-safe secret token distinct from the connection id (v1)', () => {
    const registry = new ConnectionRegistry(30_000, 4);
    const ids = registry.negotiate('pv', 's1', 1);
    expect(ids).not.toBeNull();
    expect(ids?.connectionToken).not.toBe(ids?.connectionId);
    expect(ids?.connectionToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('uses the connection id as token for v0', () => {
    const ids = new ConnectionRegistry(30_000, 4).negotiate('pv', 's1', 0);
    expect(ids?.connectionToken).toBe(ids?.connectionId);
  });

  it('claims once, then reports the id as taken until released', () => {
    const registry = new ConnectionRegistry(30_000, 4);
    const ids = registry.negotiate('pv', 's1', 1)!;
    expect(registry.claim(ids.connectionToken, 'pv', 's1')).toEqual({
      status: 'ok',
      connectionId: ids.connectionId,
    });
    expect(registry.claim(ids.connectionToken, 'pv', 's1')).toEqual({ status: 'taken' });
    registry.remove(ids.connectionToken);
    expect(registry.claim(ids.connectionToken, 'pv', 's1')).toEqual({ status: 'unknown' });
  });

  it('binds a token to its hub and session', () => {
    const registry = new ConnectionRegistry(30_000, 4);
    const ids = registry.negotiate('pv', 's1', 1)!;
    expect(registry.claim(ids.connectionToken, 'alert', 's1')).toEqual({ status: 'unknown' });
    expect(registry.claim(ids.connectionToken, 'pv', 's2')).toEqual({ status: 'unknown' });
  });

  it('expires unclaimed tokens but not claimed ones', () => {
    const registry = new ConnectionRegistry(30_000, 4);
    const unclaimed = registry.negotiate('pv', 's1', 1)!;
    const claimed = registry.negotiate('pv', 's1', 1)!;
    registry.claim(claimed.connectionToken, 'pv', 's1');
    vi.advanceTimersByTime(30_001);
    expect(registry.claim(unclaimed.connectionToken, 'pv', 's1')).toEqual({ status: 'unknown' });
    expect(registry.claim(claimed.connectionToken, 'pv', 's1')).toEqual({ status: 'taken' });
  });

  it('limits unclaimed tokens per session and frees the slot on claim or expiry', () => {
    const registry = new ConnectionRegistry(30_000, 2);
    const first = registry.negotiate('pv', 's1', 1)!;
    registry.negotiate('pv', 's1', 1);
    expect(registry.negotiate('pv', 's1', 1)).toBeNull();
    expect(registry.negotiate('pv', 's2', 1)).not.toBeNull();
    registry.claim(first.connectionToken, 'pv', 's1');
    expect(registry.negotiate('pv', 's1', 1)).not.toBeNull();
    vi.advanceTimersByTime(30_001);
    expect(registry.negotiate('pv', 's1', 1)).not.toBeNull();
  });

  it('forgets the unclaimed tokens of an ended session', () => {
    const registry = new ConnectionRegistry(30_000, 4);
    const ids = registry.negotiate('pv', 's1', 1)!;
    registry.endSession('s1');
    expect(registry.claim(ids.connectionToken, 'pv', 's1')).toEqual({ status: 'unknown' });
    expect(registry.size).toBe(0);
  });
});
