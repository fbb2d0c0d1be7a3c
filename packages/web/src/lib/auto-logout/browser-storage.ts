import type { KeyValueStorage } from './activity-tracker';

/**
 * The browser's local storage, shared by all tabs; where it is unavailable (privacy mode, some
 * embedded web views) a storage of this tab alone, so auto logout still works in it.
 */
export function sharedStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    const probe = 'leitwarte.session.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    const values = new Map<string, string>();
    return {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
    };
  }
}

/** Calls the listener with the key another tab changed in local storage. */
export function onOtherTabChange(listener: (key: string | null) => void): () => void {
  const handle = (event: StorageEvent) => listener(event.key);
  window.addEventListener('storage', handle);
  return () => window.removeEventListener('storage', handle);
}
