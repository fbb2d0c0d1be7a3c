import type { ParseKeys } from 'i18next';
import type { RouteObject } from 'react-router';

/** The groups of the main navigation, in the order an operator works. */
export type NavGroupId =
  'plant' | 'alerts' | 'charts' | 'reports' | 'maintenance' | 'remoteAlarm' | 'webcams';

/** A screen in the main navigation: its path, its catalogue label and its group. */
export interface FeatureNavItem {
  group: NavGroupId;
  path: string;
  labelKey: ParseKeys;
}

/**
 * What a feature adds to the app: routes outside the shell (login flow), routes inside it, screens
 * alone in a window, and navigation entries. Features export one of these; only the app composes them, so features
 * never import each other.
 */
export interface FeatureModule {
  publicRoutes?: RouteObject[];
  shellRoutes?: RouteObject[];
  /** Screens opened alone in a window (`/window/...`): logged in, without the shell around them. */
  windowRoutes?: RouteObject[];
  nav?: FeatureNavItem[];
  /**
   * Code of screens an operator opens all day, fetched once the shell is idle: opening them then
   * renders at once instead of waiting for a chunk and for React's reveal throttle (300 ms).
   */
  preloadWhenIdle?: (() => Promise<unknown>)[];
}
