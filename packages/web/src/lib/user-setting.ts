import { useCallback, useSyncExternalStore } from 'react';

/**
 * A whole number a user keeps in this browser (start dashboard, own auto-logout time): read and
 * written per user name, followed by every component that shows it and by other tabs.
 */
export interface UserNumberSetting {
  set(username: string, value: number | null): void;
  use(username: string | null): number | null;
}

export function userNumberSetting(prefix: string): UserNumberSetting {
  const listeners = new Set<() => void>();
  const read = (username: string): number | null => {
    try {
      const raw = window.localStorage.getItem(prefix + username);
      const value = raw === null ? NaN : Number(raw);
      return Number.isSafeInteger(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  return {
    set(username, value) {
      try {
        if (value === null) window.localStorage.removeItem(prefix + username);
        else window.localStorage.setItem(prefix + username, String(value));
      } catch {
        // Storage full or blocked: the plant's setting stays in force.
      }
      for (const listener of [...listeners]) listener();
    },
    use(username) {
      const subscribe = useCallback((listener: () => void) => {
        listeners.add(listener);
        const onStorage = (e: StorageEvent) => {
          if (e.key?.startsWith(prefix)) listener();
        };
        window.addEventListener('storage', onStorage);
        return () => {
          listeners.delete(listener);
          window.removeEventListener('storage', onStorage);
        };
      }, []);
      return useSyncExternalStore(subscribe, () => (username ? read(username) : null));
    },
  };
}
