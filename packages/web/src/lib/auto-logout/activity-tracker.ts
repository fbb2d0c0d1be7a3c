/** The events that count as user activity (screens §9). */
export const ACTIVITY_EVENTS = [
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
] as const;

/** Activity resets the timer at most once a second (screens §9). */
export const ACTIVITY_THROTTLE_MS = 1000;

/** The server's idle timeout is renewed at most this often while the user is active. */
export const MAX_RENEW_INTERVAL_MS = 60_000;

/** Storage keys shared by all tabs of the app. */
export const LAST_ACTIVITY_KEY = 'leitwarte.session.lastActivity';
export const LAST_RENEW_KEY = 'leitwarte.session.lastRenew';
export const LOGOUT_KEY = 'leitwarte.session.logout';

/** The part of the Web Storage API the tracker needs (local storage in the app). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Why a tab's session ends: nobody used any tab for the idle time, or another tab logged out. */
export type AutoLogoutReason = 'inactivity' | 'elsewhere';

export interface AutoLogoutOptions {
  /** The server's idle timeout (user info idleTimeoutMs). */
  idleMs: number;
  storage: KeyValueStorage;
  /** Subscribes to changes another tab made to the storage (the `storage` event); returns the unsubscribe. */
  onOtherTabChange: (listener: (key: string | null) => void) => () => void;
  /** Tells the server the user is active (renew-lease). */
  renewLease: () => Promise<unknown>;
  /** The time is up, or another tab logged out: this tab must go to the logout page. */
  onExpire: (reason: AutoLogoutReason) => void;
  now?: () => number;
}

export interface AutoLogout {
  /** One activity event of the user in this tab. */
  activity(): void;
  stop(): void;
}

/**
 * How often the lease is renewed: about once a minute, but often enough that the server's idle
 * timeout never runs out while the user is active, even when it is short.
 */
export function renewIntervalFor(idleMs: number): number {
  return Math.max(ACTIVITY_THROTTLE_MS, Math.min(MAX_RENEW_INTERVAL_MS, Math.floor(idleMs / 3)));
}

/** Tells the other tabs that this one logged out, so they end too. */
export function announceLogout(storage: KeyValueStorage, now: () => number = Date.now): void {
  storage.setItem(LOGOUT_KEY, String(now()));
}

/**
 * Auto logout (screens §9): the last activity of any tab is kept in the shared storage, so activity
 * in one tab keeps all alive; the time is up `idleMs` after it. Starting counts as activity (the
 * page load, or the login that led here). While the user is active the server's lease is renewed
 * at most once per interval — leading and trailing, so the last renewal is never earlier than the
 * last activity and the server's timeout never ends before this one.
 */
export function startAutoLogout(options: AutoLogoutOptions): AutoLogout {
  const { idleMs, storage, renewLease, onExpire } = options;
  const now = options.now ?? Date.now;
  const renewEvery = renewIntervalFor(idleMs);
  let stopped = false;
  let lastRecorded = Number.NEGATIVE_INFINITY;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  const readTime = (key: string) => {
    const value = Number(storage.getItem(key));
    return Number.isFinite(value) ? value : 0;
  };

  function expire(reason: AutoLogoutReason): void {
    if (stopped) return;
    stop();
    onExpire(reason);
  }

  // Another tab may have seen activity meanwhile, so the deadline is read from storage every time.
  function scheduleExpiry(): void {
    clearTimeout(expiryTimer);
    const remaining = readTime(LAST_ACTIVITY_KEY) + idleMs - now();
    if (remaining <= 0) expire('inactivity');
    else expiryTimer = setTimeout(scheduleExpiry, remaining);
  }

  function renewNow(): void {
    storage.setItem(LAST_RENEW_KEY, String(now()));
    // A lost session answers 401, which the call layer turns into the logout redirect; a network
    // failure is retried with the next activity.
    renewLease().catch(() => {});
  }

  function renewSoon(): void {
    if (renewTimer !== undefined) return;
    const wait = readTime(LAST_RENEW_KEY) + renewEvery - now();
    if (wait <= 0) renewNow();
    else renewTimer = setTimeout(renewTrailing, wait);
  }

  function renewTrailing(): void {
    renewTimer = undefined;
    if (stopped) return;
    // Renew only for activity the last renewal (of any tab) has not covered yet.
    if (readTime(LAST_ACTIVITY_KEY) > readTime(LAST_RENEW_KEY)) renewSoon();
  }

  function record(at: number): void {
    lastRecorded = at;
    storage.setItem(LAST_ACTIVITY_KEY, String(at));
    scheduleExpiry();
    renewSoon();
  }

  const unsubscribe = options.onOtherTabChange((key) => {
    if (key === LOGOUT_KEY) expire('elsewhere');
    else if (key === LAST_ACTIVITY_KEY) scheduleExpiry();
  });

  function stop(): void {
    stopped = true;
    clearTimeout(expiryTimer);
    clearTimeout(renewTimer);
    unsubscribe();
  }

  record(now());

  return {
    activity() {
      if (stopped) return;
      const at = now();
      if (at - lastRecorded < ACTIVITY_THROTTLE_MS) return;
      // A late timer (a sleeping laptop, a throttled background tab) must not let activity after the
      // deadline revive a session the server has already ended.
      if (at >= readTime(LAST_ACTIVITY_KEY) + idleMs) expire('inactivity');
      else record(at);
    },
    stop,
  };
}
