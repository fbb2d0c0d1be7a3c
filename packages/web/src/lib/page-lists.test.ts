import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFavorites, favoritesStore, removeFavorite, toggleFavorite, useFavorites } from './favorites';
import {
  clearRecentPages,
  MAX_RECENT_PAGES,
  recentPagesStore,
  recordVisit,
  removeRecentPage,
  useRecentPages,
} from './recent-pages';

afterEach(() => window.localStorage.clear());

describe('favorites', () => {
  it('marks and unmarks a page, per user, in local storage', () => {
    toggleFavorite('anna', { path: '/overview', labelKey: 'nav.overview' }, 1000);
    toggleFavorite('anna', { path: '/alerts?station=3', labelKey: null }, 2000);
    toggleFavorite('ben', { path: '/settings', labelKey: null }, 3000);

    expect(favoritesStore.read('anna').map((f) => f.path)).toEqual(['/overview', '/alerts?station=3']);
    expect(JSON.parse(window.localStorage.getItem('leitwarte.favorites.anna') ?? '[]')).toEqual([
      { path: '/overview', labelKey: 'nav.overview', at: 1000 },
      { path: '/alerts?station=3', labelKey: null, at: 2000 },
    ]);
    expect(favoritesStore.read('ben').map((f) => f.path)).toEqual(['/settings']);

    toggleFavorite('anna', { path: '/overview', labelKey: 'nav.overview' });
    expect(favoritesStore.read('anna').map((f) => f.path)).toEqual(['/alerts?station=3']);
  });

  it('removes one and clears all; the hook follows every change', () => {
    const { result } = renderHook(() => useFavorites('anna'));
    expect(result.current).toEqual([]);
    act(() => {
      toggleFavorite('anna', { path: '/a', labelKey: null });
      toggleFavorite('anna', { path: '/b', labelKey: null });
    });
    expect(result.current.map((f) => f.path)).toEqual(['/a', '/b']);
    act(() => removeFavorite('anna', '/a'));
    expect(result.current.map((f) => f.path)).toEqual(['/b']);
    act(() => clearFavorites('anna'));
    expect(result.current).toEqual([]);
    expect(window.localStorage.getItem('leitwarte.favorites.anna')).toBeNull();
  });

  it('treats unreadable or foreign content as empty and drops entries that are no app path', () => {
    window.localStorage.setItem('leitwarte.favorites.anna', '{not json');
    expect(favoritesStore.read('anna')).toEqual([]);
    window.localStorage.setItem(
      'leitwarte.favorites.anna',
      JSON.stringify([
        { path: 'https://evil.example/', labelKey: null, at: 1 },
        { path: '//evil.example/', labelKey: null, at: 1 },
        { path: '/ok', labelKey: null, at: 1 },
        { path: '/no-time', labelKey: null },
      ]),
    );
    expect(favoritesStore.read('anna').map((f) => f.path)).toEqual(['/ok']);
  });
});

describe('recently visited', () => {
  it('keeps the newest visit first with its time, without duplicates', () => {
    recordVisit('anna', { path: '/overview', labelKey: 'nav.overview' }, 1000);
    recordVisit('anna', { path: '/alerts', labelKey: null }, 2000);
    recordVisit('anna', { path: '/overview', labelKey: 'nav.overview' }, 3000);
    expect(recentPagesStore.read('anna')).toEqual([
      { path: '/overview', labelKey: 'nav.overview', at: 3000 },
      { path: '/alerts', labelKey: null, at: 2000 },
    ]);
    expect(recentPagesStore.read('ben')).toEqual([]);
  });

  it('keeps only the last 20 pages', () => {
    for (let i = 1; i <= 25; i++) recordVisit('anna', { path: `/page/${i}`, labelKey: null }, i);
    const list = recentPagesStore.read('anna');
    expect(MAX_RECENT_PAGES).toBe(20);
    expect(list).toHaveLength(20);
    expect(list[0]?.path).toBe('/page/25');
    expect(list[19]?.path).toBe('/page/6');
  });

  it('removes one and clears all; the hook follows every change', () => {
    const { result } = renderHook(() => useRecentPages('anna'));
    act(() => {
      recordVisit('anna', { path: '/a', labelKey: null }, 1);
      recordVisit('anna', { path: '/b', labelKey: null }, 2);
    });
    expect(result.current.map((r) => r.path)).toEqual(['/b', '/a']);
    act(() => removeRecentPage('anna', '/b'));
    expect(result.current.map((r) => r.path)).toEqual(['/a']);
    act(() => clearRecentPages('anna'));
    expect(result.current).toEqual([]);
  });
});
