import { useSyncExternalStore } from 'react';

/** A page the user keeps: its address (path plus query), its catalogue label if known, and when. */
export interface PageEntry {
  path: string;
  /** Catalogue key of the page's navigation label; null for pages without one. */
  labelKey: string | null;
  /** Milliseconds since the epoch: when it was marked or last visited. */
  at: number;
}

function isEntry(value: unknown): value is PageEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { path, labelKey, at } = value as Partial<PageEntry>;
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    (labelKey === null || typeof labelKey === 'string') &&
    typeof at === 'number' &&
    Number.isFinite(at)
  );
}

const EMPTY: readonly PageEntry[] = Object.freeze([]);

/**
 * A list of pages per user in local storage, under `<prefix>.<username>`. Kept in the browser
 * on purpose: it is a personal convenience, needs no server round trip, and a list that is lost
 * (another browser, cleared storage) costs nothing. Unreadable content counts as empty.
 */
export class PageListStore {
  private readonly listeners = new Set<() => void>();
  private readonly cache = new Map<string, { raw: string | null; list: readonly PageEntry[] }>();

  constructor(
    private readonly prefix: string,
    private readonly maxEntries: number,
  ) {
    // Another tab of the same user changed the list.
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (event.key === null || event.key.startsWith(`${this.prefix}.`)) this.notify();
      });
    }
  }

  storageKey(username: string): string {
    return `${this.prefix}.${username}`;
  }

  /** The user's list; the same array as long as the stored content is the same. */
  read(username: string): readonly PageEntry[] {
    const key = this.storageKey(username);
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      // Storage may be unavailable (privacy mode, embedded web views): the list is empty then.
    }
    const cached = this.cache.get(key);
    if (cached && cached.raw === raw) return cached.list;
    const list = parse(raw);
    this.cache.set(key, { raw, list });
    return list;
  }

  write(username: string, list: readonly PageEntry[]): void {
    try {
      window.localStorage.setItem(this.storageKey(username), JSON.stringify(list.slice(0, this.maxEntries)));
    } catch {
      // Not remembered; acceptable for a convenience list.
    }
    this.notify();
  }

  update(username: string, change: (list: readonly PageEntry[]) => readonly PageEntry[]): void {
    this.write(username, change(this.read(username)));
  }

  clear(username: string): void {
    try {
      window.localStorage.removeItem(this.storageKey(username));
    } catch {
      // Nothing stored, nothing to clear.
    }
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

function parse(raw: string | null): readonly PageEntry[] {
  if (raw === null) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isEntry) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The user's list of a store; re-renders on change. No user (yet): empty. */
export function usePageList(store: PageListStore, username: string | null): readonly PageEntry[] {
  const read = () => (username === null ? EMPTY : store.read(username));
  return useSyncExternalStore(store.subscribe, read, read);
}
