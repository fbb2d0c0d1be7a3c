import type { TimeWindow } from '../time/quick-ranges.js';

/** Auto refresh tick of the live chart (screens §4, §9: 2 seconds). */
export const LIVE_TICK_MS = 2000;

/** A live chart adds a new point only when more than this passed since the last (screens §4, §9). */
export const LIVE_NEW_POINT_MS = 5000;

const MINUTE_MS = 60_000;
const minuteOf = (t: number) => Math.floor(t / MINUTE_MS);

/**
 * The live chart's view range after a tick at `now` (screens §4: the range moves forward when
 * the minute changes). When `now` lies in a later minute than the window end, the window keeps
 * its span and ends at `now`; otherwise the same object comes back, so a caller can skip work
 * by comparing identity. Minutes are counted in UTC: every time zone offset in use is whole
 * minutes, so the minute changes at the same instant as on the plant's clock. A window whose
 * end lies in a later minute than `now` (clock set back) is left alone rather than moved back.
 */
export function advanceLiveWindow(window: TimeWindow, now: number): TimeWindow {
  if (minuteOf(now) <= minuteOf(window.end)) return window;
  return { start: now - (window.end - window.start), end: now };
}

/** Whether a live value at `now` becomes a new point: the first one always, later ones after more than 5 s. */
export function shouldAddLivePoint(lastPointAt: number | null, now: number): boolean {
  return lastPointAt === null || now - lastPointAt > LIVE_NEW_POINT_MS;
}
