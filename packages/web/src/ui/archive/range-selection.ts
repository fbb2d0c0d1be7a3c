import {
  DEFAULT_ALERT_RANGE,
  resolveQuickRange,
  windowFollowsNow,
  type TimeRangeChoice,
} from '@leitwarte/core';
import { plantTimeZone } from '../../lib/plant-time-zone';
import { wallTimeOf } from '../date-time-field/wall-time';

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

/** The zone of the ranges: quick ranges start at the plant's midnight and Monday. */
export function userTimeZone(): string {
  return plantTimeZone();
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

/** yyyy-MM-dd_HH-mm on the plant's clock, for file names. */
export function fileStamp(ms: number): string {
  return wallTimeOf(ms, plantTimeZone()).slice(0, 16).replace(' ', '_').replace(':', '-');
}
