import type { ParseKeys } from 'i18next';
import type { NavGroupId } from '../../lib/feature-module';
import { FEATURE_MODULES } from '../feature-modules';

/** A navigation entry: a route that exists and its catalogue label. */
export interface NavItem {
  path: string;
  labelKey: ParseKeys;
}

export interface NavGroup {
  id: NavGroupId;
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

/**
 * Navigation in the order an operator works: the plant first, then what needs attention, then
 * analysis and upkeep. Screens join their group through their feature module; empty groups are
 * not shown.
 */
export const NAV_GROUPS: readonly NavGroup[] = GROUPS.map((group) => ({
  ...group,
  items: [
    ...group.items,
    ...FEATURE_MODULES.flatMap((m) => m.nav ?? [])
      .filter((item) => item.group === group.id)
      .map(({ path, labelKey }) => ({ path, labelKey })),
  ],
}));

export const VISIBLE_NAV_GROUPS = NAV_GROUPS.filter((group) => group.items.length > 0);
