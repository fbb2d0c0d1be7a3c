/** A navigation entry: a route that exists and its catalogue label. */
export interface NavItem {
  path: string;
  labelKey: 'nav.overview';
}

export interface NavGroup {
  id: string;
  labelKey:
    | 'nav.groups.plant'
    | 'nav.groups.alerts'
    | 'nav.groups.charts'
    | 'nav.groups.reports'
    | 'nav.groups.maintenance'
    | 'nav.groups.remoteAlarm'
    | 'nav.groups.webcams';
  items: readonly NavItem[];
}

/**
 * Navigation in the order an operator works: the plant first, then what needs attention, then
 * analysis and upkeep. Screens join their group as they are built; empty groups are not shown.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'plant', labelKey: 'nav.groups.plant', items: [{ path: '/overview', labelKey: 'nav.overview' }] },
  { id: 'alerts', labelKey: 'nav.groups.alerts', items: [] },
  { id: 'charts', labelKey: 'nav.groups.charts', items: [] },
  { id: 'reports', labelKey: 'nav.groups.reports', items: [] },
  { id: 'maintenance', labelKey: 'nav.groups.maintenance', items: [] },
  { id: 'remote-alarm', labelKey: 'nav.groups.remoteAlarm', items: [] },
  { id: 'webcams', labelKey: 'nav.groups.webcams', items: [] },
];

export const VISIBLE_NAV_GROUPS = NAV_GROUPS.filter((group) => group.items.length > 0);
