import { useCallback, useSyncExternalStore } from 'react';

// Per user in this browser, like favorites: an operator's start page follows the desk, and the
// plant's default stays the answer for everyone who never chose.
const PREFIX = 'leitwarte.startDashboard.';
const listeners = new Set<() => void>();

function read(username: string): number | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + username);
    const id = raw === null ? NaN : Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** Sets (or with null clears) the user's start dashboard. */
export function setStartDashboard(username: string, id: number | null): void {
  try {
    if (id === null) window.localStorage.removeItem(PREFIX + username);
    else window.localStorage.setItem(PREFIX + username, String(id));
  } catch {
    // Storage full or blocked: the plant's default stays the start page.
  }
  for (const listener of [...listeners]) listener();
}

/** The dashboard `/` shows for this user, when the user picked one; null means the plant's default. */
export function useStartDashboard(username: string | null): number | null {
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

/** Which dashboard to show: the one asked for, else the user's start dashboard if it still exists, else the default. */
export function chooseDashboard(
  requested: number | null,
  start: number | null,
  config: { defaultDashboardId: number | null; dashboards: readonly { id: number }[] },
): number | null {
  if (requested !== null) return requested;
  if (start !== null && config.dashboards.some((d) => d.id === start)) return start;
  return config.defaultDashboardId ?? config.dashboards[0]?.id ?? null;
}
