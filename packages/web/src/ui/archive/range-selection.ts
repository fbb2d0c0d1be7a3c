import {
  DEFAULT_ALERT_RANGE,
  resolveQuickRange,
  windowFollowsNow,
  type TimeRangeChoice,
} from '@leitwarte/core';

/** A resolved window; `followsNow` when it still grows with time. */
export interface ListWindow {
  start: number;
  end: number;
  followsNow: boolean;
}

/** What the range picker holds: a quick range, or a custom start and end (ms since the epoch). */
export interface RangeSelection {
  choice: TimeRangeChoice;
  custom: { start: number; end: number };
  /**
   * The name of a span the custom window stands for (a chart's own span, e.g. "7 Tage"): the
   * picker names it instead of "custom".
   */
  span?: string;
}

/** The user's time zone: quick ranges start at his midnight and his Monday. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The list opens with the default range of screens §9 (7 days); custom starts as the same span. */
export function defaultSelection(now = Date.now()): RangeSelection {
  const window = resolveQuickRange(DEFAULT_ALERT_RANGE, now, userTimeZone());
  return { choice: DEFAULT_ALERT_RANGE, custom: { start: window.start, end: window.end } };
}

/** The window of a selection at `now`; resolved again on every refresh, so rolling ranges move. */
export function resolveSelection(selection: RangeSelection, now = Date.now()): ListWindow {
  const window =
    selection.choice === 'custom'
      ? selection.custom
      : resolveQuickRange(selection.choice, now, userTimeZone());
  return { ...window, followsNow: windowFollowsNow(window, now) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-ddTHH:mm in local time. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** yyyy-MM-dd_HH-mm in local time, for file names. */
export function fileStamp(ms: number): string {
  return toLocalInput(ms).replace('T', '_').replace(':', '-');
}
