import { useCallback, useSyncExternalStore } from 'react';

// Per user in this browser, like the start dashboard: a desk in a shared control room may log out
// sooner than the plant's timeout; the server's timeout stays the longest any choice can give.
const PREFIX = 'leitwarte.idleMinutes.';
const listeners = new Set<() => void>();

/** Shorter auto-logout times a user may choose, in minutes; only those below the server's are offered. */
export const OWN_TIMEOUT_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 240] as const;

function read(username: string): number | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + username);
    const minutes = raw === null ? NaN : Number(raw);
    return Number.isSafeInteger(minutes) && minutes > 0 ? minutes : null;
  } catch {
    return null;
  }
}

/** Sets (or with null clears) the user's own auto-logout time in minutes. */
export function setOwnTimeout(username: string, minutes: number | null): void {
  try {
    if (minutes === null) window.localStorage.removeItem(PREFIX + username);
    else window.localStorage.setItem(PREFIX + username, String(minutes));
  } catch {
    // Storage full or blocked: the server's timeout applies.
  }
  for (const listener of [...listeners]) listener();
}

/** The user's own auto-logout time in minutes; null when he keeps the server's. */
export function useOwnTimeout(username: string | null): number | null {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key?.startsWith(PREFIX)) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => (username ? read(username) : null));
}

/** The idle time that applies: the user's own when shorter, never longer than the server's. */
export function effectiveIdleMs(serverMs: number, ownMinutes: number | null): number {
  return ownMinutes === null ? serverMs : Math.min(serverMs, ownMinutes * 60_000);
}

/** The choices shorter than the server's timeout. */
export function shorterChoices(serverMs: number): number[] {
  return OWN_TIMEOUT_MINUTES.filter((minutes) => minutes * 60_000 < serverMs);
}
