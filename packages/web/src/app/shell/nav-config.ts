import type { ParseKeys } from 'i18next';
import type { NavGroupId } from '../../lib/feature-module';
import { FEATURE_MODULES } from '../feature-modules';

/** A navigation entry: a route that exists and its catalogue label. */
export interface NavItem {
  path: string;
  labelKey: ParseKeys;
}

/** The feature groups, and the shell's own group for the user's lists, settings and help. */
export type ShellNavGroupId = NavGroupId | 'extras';

export interface NavGroup {
  id: ShellNavGroupId;
  labelKey: ParseKeys;
  items: readonly NavItem[];
}

const GROUPS: readonly { id: NavGroupId; labelKey: ParseKeys; items: NavItem[] }[] = [
  { id: 'plant', labelKey: 'nav.groups.plant', items: [{ path: '/overview', labelKey: 'nav.overview' }] },
  { id: 'alerts', labelKey: 'nav.groups.alerts', items: [] },
  { id: 'charts', labelKey: 'nav.groups.charts', items: [] },
  { id: 'reports', labelKey: 'nav.groups.reports', items: [] },
  { id: 'maintenance', labelKey: 'nav.groups.maintenance', items: [] },
  { id: 'remoteAlarm', labelKey: 'nav.groups.remoteAlarm', items: [] },
  { id: 'webcams', labelKey: 'nav.groups.webcams', items: [] },
];

// The shell's pages (routes in features/shell-pages) come last: they are about the user, not the plant.
const EXTRAS: NavGroup = {
  id: 'extras',
  labelKey: 'shell.nav.extras',
  items: [
    { path: '/favorites', labelKey: 'shell.nav.favorites' },
    { path: '/recent', labelKey: 'shell.nav.recent' },
    { path: '/settings', labelKey: 'shell.nav.settings' },
    { path: '/help', labelKey: 'shell.nav.help' },
    { path: '/about', labelKey: 'shell.nav.about' },
  ],
};

/**
 * Navigation in the order an operator works: the plant first, then what needs attention, then
 * analysis and upkeep. Screens join their group through their feature module; empty groups are
 * not shown.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  ...GROUPS.map((group) => ({
    ...group,
    items: [
      ...group.items,
      ...FEATURE_MODULES.flatMap((m) => m.nav ?? [])
        .filter((item) => item.group === group.id)
        .map(({ path, labelKey }) => ({ path, labelKey })),
    ],
  })),
  EXTRAS,
];

export const VISIBLE_NAV_GROUPS = NAV_GROUPS.filter((group) => group.items.length > 0);

/** Whether a navigation entry is the current page or one below it. */
export function isNavActive(pathname: string, path: string): boolean {
  // `/{id}` is a dashboard, so it belongs to the dashboard entry at `/`.
  if (path === '/') return pathname === '/' || /^\/[0-9]+$/.test(pathname);
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The navigation entry a path belongs to: the most specific one, so a page below another entry's
 * page (e.g. /remote-alarm/call-numbers/edit) marks only its own entry.
 */
export function activeNavItem(pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of NAV_GROUPS.flatMap((group) => group.items)) {
    if (isNavActive(pathname, item.path) && (best === null || item.path.length > best.path.length))
      best = item;
  }
  return best;
}

/** The label of the navigation entry a path belongs to (the most specific one), for favorites and recent. */
export function navLabelKeyFor(pathname: string): ParseKeys | null {
  return activeNavItem(pathname)?.labelKey ?? null;
}
