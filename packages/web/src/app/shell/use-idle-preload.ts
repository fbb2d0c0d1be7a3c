import { useEffect } from 'react';
import { FEATURE_MODULES } from '../feature-modules';
import { preloadOverview } from '../lazy-pages';

const SCREENS = [preloadOverview, ...FEATURE_MODULES.flatMap((m) => m.preloadWhenIdle ?? [])];
// Browsers without requestIdleCallback (Safari) wait this long after the shell is up.
const FALLBACK_DELAY_MS = 2_000;

/**
 * Fetches the code of the screens an operator opens all day (overview, station page) once the
 * shell is up and the browser idle, so the first click on them does not wait for a download.
 * A failed fetch is tried again when the screen is opened.
 */
export function useIdlePreload(): void {
  useEffect(() => {
    const run = () => {
      for (const preload of SCREENS) void preload().catch(() => {});
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: FALLBACK_DELAY_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(run, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}
