import type { Alert } from '@leitwarte/core';
import type { AlertChange } from '../../live/alert-hub';
import type { ListWindow } from '../../ui/archive/range-selection';

// The list applies the channel's three kinds of change: alerts to insert or replace, alerts whose
// known rows are brought up to date (the open alerts a subscription starts with: not new, so an
// alert the limit left out stays out), and ids to drop.
export type { AlertChange, ListWindow };

/** The loaded alerts (newest first) and how many the range holds in all. */
export interface AlertListState {
  rows: readonly Alert[];
  total: number;
}

/**
 * The later of two states of one alert. An alert only moves forward (it goes, it is
 * acknowledged), so whichever side already went or was acknowledged wins that part: an event
 * that overtook the reply of the list call cannot turn an acknowledged row back into a pending one.
 */
export function laterAlert(current: Alert, incoming: Alert): Alert {
  const acknowledged = incoming.acknowledgedAt !== null ? incoming : current;
  const gone = incoming.goingAt !== null ? incoming : current;
  if (acknowledged === incoming && gone === incoming) return incoming;
  return {
    ...incoming,
    active: incoming.active && current.active,
    goingAt: gone.goingAt,
    acknowledgedAt: acknowledged.acknowledgedAt,
    acknowledgedBy: acknowledged.acknowledgedBy,
    ackOrigin: acknowledged.ackOrigin,
    state: acknowledged.acknowledgedAt !== null ? 'acknowledged' : gone.goingAt !== null ? 'going' : 'coming',
    pending: acknowledged.acknowledgedAt === null,
  };
}

const inWindow = (alert: Alert, window: ListWindow) =>
  alert.comingAt >= window.start && (window.followsNow || alert.comingAt <= window.end);

/**
 * Applies a batch of changes in one pass. Known rows are replaced in place (the list keeps its
 * order, so the view keeps its scroll position); unknown alerts of the window are added on top,
 * newest first; deleted ids are dropped. The total moves with what was added and dropped, so the
 * number of alerts not loaded stays right.
 */
export function applyAlertChanges(
  state: AlertListState,
  changes: readonly AlertChange[],
  window: ListWindow,
): AlertListState {
  if (changes.length === 0) return state;
  // Only the ids the batch names are looked up: one pass over the rows, no map of every row.
  const named = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'delete') for (const id of change.ids) named.add(id);
    else for (const alert of change.alerts) named.add(alert.id);
  }
  const index = new Map<number, number>();
  const rowsNow = state.rows;
  for (let i = 0; i < rowsNow.length; i++) {
    const id = (rowsNow[i] as Alert).id;
    if (named.has(id)) index.set(id, i);
  }
  let rows: Alert[] | null = null;
  const added = new Map<number, Alert>();
  const deleted = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'delete') {
      for (const id of change.ids) {
        if (added.delete(id) || index.has(id)) deleted.add(id);
      }
      continue;
    }
    for (const alert of change.alerts) {
      const at = index.get(alert.id);
      if (at !== undefined && !deleted.has(alert.id)) {
        rows ??= [...state.rows];
        rows[at] = laterAlert(rows[at] as Alert, alert);
        continue;
      }
      const known = added.get(alert.id);
      if (known) added.set(alert.id, laterAlert(known, alert));
      else if (change.kind === 'refresh') continue;
      else if (!deleted.has(alert.id) && inWindow(alert, window)) added.set(alert.id, alert);
    }
  }
  if (rows === null && added.size === 0 && deleted.size === 0) return state;
  let kept: readonly Alert[] = rows ?? state.rows;
  if (deleted.size > 0) kept = kept.filter((row) => !deleted.has(row.id));
  const fresh = [...added.values()].sort((a, b) => b.comingAt - a.comingAt || b.id - a.id);
  const removed = state.rows.length - kept.length;
  return {
    rows: fresh.length > 0 ? [...fresh, ...kept] : kept,
    total: Math.max(0, state.total + fresh.length - removed),
  };
}
