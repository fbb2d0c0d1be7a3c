import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_EVENTS,
  LAST_ACTIVITY_KEY,
  announceLogout,
  renewIntervalFor,
  startAutoLogout,
  type AutoLogoutReason,
  type KeyValueStorage,
} from './activity-tracker';

const IDLE = 900_000;

/**
 * Local storage as the browser shares it between tabs: a write is seen by every tab, and the
 * storage event reaches every tab except the writer.
 */
function sharedBrowserStorage() {
  const values = new Map<string, string>();
  const listeners = new Map<number, (key: string | null) => void>();
  return {
    values,
    tab(id: number): {
      storage: KeyValueStorage;
      onOtherTabChange: (listener: (key: string | null) => void) => () => void;
    } {
      return {
        storage: {
          getItem: (key) => values.get(key) ?? null,
          setItem(key, value) {
            const changed = values.get(key) !== value;
            values.set(key, value);
            if (changed) for (const [other, listener] of listeners) if (other !== id) listener(key);
          },
        },
        onOtherTabChange(listener) {
          listeners.set(id, listener);
          return () => listeners.delete(id);
        },
      };
    },
  };
}

function openTab(shared: ReturnType<typeof sharedBrowserStorage>, id: number, idleMs = IDLE) {
  const expired: AutoLogoutReason[] = [];
  const renewLease = vi.fn(() => Promise.resolve({ idleTimeoutMs: idleMs }));
  const tracker = startAutoLogout({
    idleMs,
    ...shared.tab(id),
    renewLease,
    onExpire: (reason) => expired.push(reason),
  });
  return { tracker, expired, renewLease };
}

describe('auto logout (screens §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-06T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('tracks exactly the listed activity events', () => {
    expect([...ACTIVITY_EVENTS].sort()).toEqual(
      [
        'click',
        'keypress',
        'load',
        'mousedown',
        'scroll',
        'touchstart',
        'wheel',
        'resize',
        'orientationchange',
        'visibilitychange',
      ].sort(),
    );
  });

  it('logs out after the idle time without activity, not a moment earlier', () => {
    const { expired } = openTab(sharedBrowserStorage(), 1);
    vi.advanceTimersByTime(IDLE - 1);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['inactivity']);
  });

  it('starts the time again with every activity', () => {
    const { tracker, expired } = openTab(sharedBrowserStorage(), 1);
    vi.advanceTimersByTime(10 * 60_000);
    tracker.activity();
    vi.advanceTimersByTime(IDLE - 1);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['inactivity']);
  });

  it('takes activity into account at most once a second', () => {
    const shared = sharedBrowserStorage();
    const { tracker, expired } = openTab(shared, 1);
    const start = Date.now();
    vi.advanceTimersByTime(999);
    tracker.activity();
    expect(shared.values.get(LAST_ACTIVITY_KEY)).toBe(String(start));
    vi.advanceTimersByTime(1);
    tracker.activity();
    expect(shared.values.get(LAST_ACTIVITY_KEY)).toBe(String(start + 1000));
    vi.advanceTimersByTime(IDLE - 1);
    expect(expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(expired).toEqual(['inactivity']);
  });

  it('keeps another tab alive through the shared last activity', () => {
    const shared = sharedBrowserStorage();
    const first = openTab(shared, 1);
    const second = openTab(shared, 2);
    for (let minute = 0; minute < 30; minute++) {
      vi.advanceTimersByTime(60_000);
      first.tracker.activity();
    }
    expect(second.expired).toEqual([]);
    vi.advanceTimersByTime(IDLE);
    expect(first.expired).toEqual(['inactivity']);
    expect(second.expired).toEqual(['inactivity']);
  });

  it('ends the other tabs when one logs out', () => {
    const shared = sharedBrowserStorage();
    const first = openTab(shared, 1);
    const second = openTab(shared, 2);
    first.tracker.stop();
    announceLogout(shared.tab(1).storage);
    expect(second.expired).toEqual(['elsewhere']);
    expect(first.expired).toEqual([]);
    // Ended once: later events change nothing.
    vi.advanceTimersByTime(2 * IDLE);
    second.tracker.activity();
    expect(second.expired).toEqual(['elsewhere']);
  });

  it('does not let activity after the deadline revive the session', () => {
    const shared = sharedBrowserStorage();
    const { tracker, expired } = openTab(shared, 1);
    // A sleeping computer: the clock moves on, the timer has not fired yet.
    vi.setSystemTime(Date.now() + IDLE + 5000);
    tracker.activity();
    expect(expired).toEqual(['inactivity']);
  });

  it('renews the lease on activity at most once per interval, and once more after the last activity', async () => {
    const { tracker, renewLease } = openTab(sharedBrowserStorage(), 1);
    // Starting is activity: the lease is renewed at once.
    expect(renewLease).toHaveBeenCalledTimes(1);
    for (let second = 0; second < 150; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      tracker.activity();
    }
    // 150 s of constant activity: once at the start, then at 60 s, 120 s.
    expect(renewLease).toHaveBeenCalledTimes(3);
    // The activity after the last renewal is covered by a trailing renewal at 180 s.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(renewLease).toHaveBeenCalledTimes(4);
    // Idle from now on: no more renewals.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(renewLease).toHaveBeenCalledTimes(4);
  });

  it('renews once for all tabs, not once per tab', async () => {
    const shared = sharedBrowserStorage();
    const first = openTab(shared, 1);
    const second = openTab(shared, 2);
    // The second tab opened right after the first renewed.
    expect(first.renewLease).toHaveBeenCalledTimes(1);
    expect(second.renewLease).toHaveBeenCalledTimes(0);
    for (let tick = 0; tick < 120; tick++) {
      await vi.advanceTimersByTimeAsync(1000);
      first.tracker.activity();
      second.tracker.activity();
    }
    expect(first.renewLease.mock.calls.length + second.renewLease.mock.calls.length).toBe(3);
  });

  it('renews often enough for a short server timeout', () => {
    expect(renewIntervalFor(900_000)).toBe(60_000);
    expect(renewIntervalFor(8000)).toBe(2666);
    expect(renewIntervalFor(1000)).toBe(1000);
  });

  it('survives a failing renewal and keeps counting', async () => {
    const shared = sharedBrowserStorage();
    const expired: AutoLogoutReason[] = [];
    startAutoLogout({
      idleMs: 8000,
      ...shared.tab(1),
      renewLease: () => Promise.reject(new Error('offline')),
      onExpire: (reason) => expired.push(reason),
    });
    await vi.advanceTimersByTimeAsync(8000);
    expect(expired).toEqual(['inactivity']);
  });
});
