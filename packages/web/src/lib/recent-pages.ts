import { useMemo } from 'react';
import { PageListStore, usePageList, type PageEntry } from './page-list-store';

/** Recently visited keeps the last 20 pages. */
export const MAX_RECENT_PAGES = 20;

/** Recently visited per user in local storage under `leitwarte.recent.<username>`, newest first. */
export const recentPagesStore = new PageListStore('leitwarte.recent', MAX_RECENT_PAGES);

/** Records a visit: the page moves to the top with the time of this visit; the oldest falls off. */
export function recordVisit(
  username: string,
  page: { path: string; labelKey: string | null },
  now = Date.now(),
): void {
  recentPagesStore.update(username, (list) => {
    const entry: PageEntry = { path: page.path, labelKey: page.labelKey, at: now };
    return [entry, ...list.filter((other) => other.path !== page.path)].slice(0, MAX_RECENT_PAGES);
  });
}

export function removeRecentPage(username: string, path: string): void {
  recentPagesStore.update(username, (list) => list.filter((entry) => entry.path !== path));
}

export function clearRecentPages(username: string): void {
  recentPagesStore.clear(username);
}

/** The user's recently visited pages; re-renders on change. */
export function useRecentPages(username: string | null): readonly PageEntry[] {
  const pages = usePageList(recentPagesStore, username);
  // Lists kept before "/" stopped being recorded may still hold it: a bare "/" names no page.
  return useMemo(() => pages.filter((entry) => entry.path !== '/'), [pages]);
}
