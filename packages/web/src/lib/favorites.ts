import { PageListStore, usePageList, type PageEntry } from './page-list-store';

/** At most this many favorites are kept; more would not be a quick way back. */
export const MAX_FAVORITES = 100;

/** Favorites per user in local storage under `leitwarte.favorites.<username>`, in the order marked. */
export const favoritesStore = new PageListStore('leitwarte.favorites', MAX_FAVORITES);

export function isFavorite(list: readonly PageEntry[], path: string): boolean {
  return list.some((entry) => entry.path === path);
}

/** Marks the page as favorite, or unmarks it when it is one. */
export function toggleFavorite(
  username: string,
  page: { path: string; labelKey: string | null },
  now = Date.now(),
): void {
  favoritesStore.update(username, (list) =>
    isFavorite(list, page.path)
      ? list.filter((entry) => entry.path !== page.path)
      : [...list, { path: page.path, labelKey: page.labelKey, at: now }],
  );
}

export function removeFavorite(username: string, path: string): void {
  favoritesStore.update(username, (list) => list.filter((entry) => entry.path !== path));
}

export function clearFavorites(username: string): void {
  favoritesStore.clear(username);
}

/** The user's favorites; re-renders on change. */
export function useFavorites(username: string | null): readonly PageEntry[] {
  return usePageList(favoritesStore, username);
}
