import type { Dashboard, DashboardWidget, PvRef } from '@leitwarte/core';

/** What a user may see of the plant, as the rights model answers it. */
export interface DashboardViewer {
  canReadPv(ref: PvRef): boolean;
  canReadStation(station: number): boolean;
}

/**
 * A widget as this user may see it, or null when nothing of it is left: values of unreadable PVs
 * and markers of unreadable stations are taken out, so a dashboard never shows more than the
 * value calls would.
 */
export function visibleWidget(widget: DashboardWidget, viewer: DashboardViewer): DashboardWidget | null {
  switch (widget.kind) {
    case 'SingleValue':
      return viewer.canReadPv(widget.pv) ? widget : null;
    case 'HeatMap': {
      const pvs = widget.pvs.filter((pv) => viewer.canReadPv(pv));
      return pvs.length > 0 || widget.pvs.length === 0 ? { ...widget, pvs } : null;
    }
    case 'GoogleMaps':
      return { ...widget, stations: widget.stations.filter((s) => viewer.canReadStation(s)) };
    default:
      return widget;
  }
}

/** The dashboard with only the widgets (and parts of widgets) the user may see. */
export function visibleDashboard(dashboard: Dashboard, viewer: DashboardViewer): Dashboard {
  const widgets: DashboardWidget[] = [];
  for (const widget of dashboard.widgets) {
    const visible = visibleWidget(widget, viewer);
    if (visible !== null) widgets.push(visible);
  }
  return { ...dashboard, widgets };
}
