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

/** Where a loaded alert is in the rows (its index), or undefined when it is not there. */
export type LocateAlert = (id: number) => number | undefined;

/** What a batch did besides the new state: how many alerts it added on top, whether it dropped any. */
export interface AlertMerge {
  state: AlertListState;
  added: number;
  dropped: boolean;
}

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
  return mergeAlertChanges(state, changes, window).state;
}

/**
 * applyAlertChanges, telling what it added and dropped. With `locate` (an index of the rows kept
 * by the caller) the work is proportional to the batch; without it the rows are walked once to
 * find the alerts the batch names.
 */
export function mergeAlertChanges(
  state: AlertListState,
  changes: readonly AlertChange[],
  window: ListWindow,
  locate: LocateAlert = locateByWalking(state.rows, changes),
): AlertMerge {
  const unchanged = { state, added: 0, dropped: false };
  if (changes.length === 0) return unchanged;
  const replaced = new Map<number, Alert>();
  const added = new Map<number, Alert>();
  const deleted = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'delete') {
      for (const id of change.ids) {
        if (added.delete(id) || locate(id) !== undefined) deleted.add(id);
      }
      continue;
    }
    for (const alert of change.alerts) {
      const at = deleted.has(alert.id) ? undefined : locate(alert.id);
      if (at !== undefined) {
        replaced.set(at, laterAlert(replaced.get(at) ?? (state.rows[at] as Alert), alert));
        continue;
      }
      const known = added.get(alert.id);
      if (known) added.set(alert.id, laterAlert(known, alert));
      else if (change.kind === 'refresh') continue;
      else if (!deleted.has(alert.id) && inWindow(alert, window)) added.set(alert.id, alert);
    }
  }
  if (replaced.size === 0 && added.size === 0 && deleted.size === 0) return unchanged;
  const fresh = [...added.values()].sort((a, b) => b.comingAt - a.comingAt || b.id - a.id);
  // One new array: the fresh alerts on top, then the rows with the replaced ones swapped in.
  let rows: Alert[];
  if (deleted.size > 0) {
    rows = fresh;
    state.rows.forEach((row, at) => {
      if (!deleted.has(row.id)) rows.push(replaced.get(at) ?? row);
    });
  } else {
    rows = fresh.length > 0 ? fresh.concat(state.rows) : state.rows.slice();
    for (const [at, alert] of replaced) rows[fresh.length + at] = alert;
  }
  const removed = state.rows.length + fresh.length - rows.length;
  return {
    state: { rows, total: Math.max(0, state.total + fresh.length - removed) },
    added: fresh.length,
    dropped: removed > 0,
  };
}

/** Finds the alerts a batch names with one pass over the rows (no map of every row). */
function locateByWalking(rows: readonly Alert[], changes: readonly AlertChange[]): LocateAlert {
  const named = new Set<number>();
  for (const change of changes) {
    if (change.kind === 'delete') for (const id of change.ids) named.add(id);
    else for (const alert of change.alerts) named.add(alert.id);
  }
  const index = new Map<number, number>();
  for (let i = 0; i < rows.length; i++) {
    const id = (rows[i] as Alert).id;
    if (named.has(id)) index.set(id, i);
  }
  return (id) => index.get(id);
}
