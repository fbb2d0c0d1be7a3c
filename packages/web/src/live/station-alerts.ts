import { decodePvNr, type Alert } from '@leitwarte/core';
import { useEffect, useSyncExternalStore } from 'react';
import { alertHub, type AlertHub } from './alert-hub';
import { animationFrameScheduler, type FrameScheduler } from './frame-scheduler';

/** The open alerts of one station as a tile or a station page shows them. */
export interface StationAlertSummary {
  /** Open alerts: still active or not yet acknowledged. */
  count: number;
  /** Alerts whose condition is still present. */
  active: number;
  /** The most urgent priority among the open alerts; null without any. */
  topPriority: number | null;
}

const NONE: StationAlertSummary = { count: 0, active: 0, topPriority: null };

/**
 * Urgency order of priorities: 1 (Alarm) is the most urgent, 9 the least; 0 is information only
 * and ranks below all others (the system config names it "Information").
 */
export function priorityRank(priority: number): number {
  return priority === 0 ? 10 : priority;
}

/** The station an alert belongs to: its own field, else its PV's station (screens §3). */
export function alertStation(alert: Alert): number | null {
  if (alert.station !== null) return alert.station;
  return alert.pv ? decodePvNr(alert.pv).station : null;
}

const isOpen = (alert: Alert) => alert.active || alert.pending;

/**
 * Open alerts per station, followed from the alert channel (shared with the header's count).
 * Changes are summed up once per frame; each station's summary object stays the same until that
 * station's alerts change, so only the tiles concerned re-render.
 */
export class StationAlerts {
  private readonly open = new Map<number, Alert>();
  private summaries = new Map<number, StationAlertSummary>();
  private readonly listeners = new Set<() => void>();
  private frame: number | null = null;
  private changes = 0;

  constructor(
    private readonly hub: AlertHub = alertHub,
    private readonly scheduler: FrameScheduler = animationFrameScheduler,
  ) {
    // The channel may already run (the header holds it): start from what it knows.
    for (const alert of hub.openAlerts()) this.open.set(alert.id, alert);
    this.recompute();
    hub.onChange((change) => {
      if (change.kind === 'refresh') this.open.clear();
      if (change.kind === 'delete') for (const id of change.ids) this.open.delete(id);
      else
        for (const alert of change.alerts) {
          if (isOpen(alert)) this.open.set(alert.id, alert);
          else this.open.delete(alert.id);
        }
      this.frame ??= this.scheduler.request(() => this.recompute());
    });
  }

  acquire(): () => void {
    return this.hub.acquire();
  }

  get = (station: number): StationAlertSummary => this.summaries.get(station) ?? NONE;

  /** Counts the applied changes, for readers of whole alert lists. */
  version = (): number => this.changes;

  /** The open alerts of a station, most urgent first. */
  alertsOf(station: number): Alert[] {
    return [...this.open.values()]
      .filter((alert) => alertStation(alert) === station)
      .sort((a, b) => priorityRank(a.priority) - priorityRank(b.priority) || b.comingAt - a.comingAt);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  recompute(): void {
    if (this.frame !== null) this.scheduler.cancel(this.frame);
    this.frame = null;
    const next = new Map<number, StationAlertSummary>();
    for (const alert of this.open.values()) {
      const station = alertStation(alert);
      if (station === null) continue;
      const s = next.get(station) ?? { count: 0, active: 0, topPriority: null };
      const top =
        s.topPriority === null || priorityRank(alert.priority) < priorityRank(s.topPriority)
          ? alert.priority
          : s.topPriority;
      next.set(station, { count: s.count + 1, active: s.active + (alert.active ? 1 : 0), topPriority: top });
    }
    // Keep the old object where nothing changed, so its readers skip the render.
    for (const [station, summary] of next) {
      const old = this.summaries.get(station);
      if (
        old &&
        old.count === summary.count &&
        old.active === summary.active &&
        old.topPriority === summary.topPriority
      )
        next.set(station, old);
    }
    this.summaries = next;
    this.changes += 1;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The app's open alerts per station. */
export const stationAlerts = new StationAlerts();

/** Holds the alert channel while mounted. */
export function useStationAlertsChannel(source: StationAlerts = stationAlerts): void {
  useEffect(() => source.acquire(), [source]);
}

/** The summary of one station's open alerts; re-renders only when it changes. */
export function useStationAlertSummary(
  station: number,
  source: StationAlerts = stationAlerts,
): StationAlertSummary {
  const read = () => source.get(station);
  return useSyncExternalStore(source.subscribe, read, read);
}
