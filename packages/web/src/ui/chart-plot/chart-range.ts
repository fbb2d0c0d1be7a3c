import { parseStartOffset, resolveTimeSpan, type TimeUnit, type TimeWindow } from '@leitwarte/core';

/** A whole, non-negative millisecond time from the address bar; null otherwise. */
function millisParam(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The `from`/`to` view an archive chart wrote into its address after zoom or pan; null when absent or broken. */
export function viewFromSearch(search: URLSearchParams): TimeWindow | null {
  const start = millisParam(search.get('from'));
  const end = millisParam(search.get('to'));
  return start !== null && end !== null && end > start ? { start, end } : null;
}

/** The address with the view as `from`/`to`, every other parameter kept. */
export function searchWithView(search: URLSearchParams, view: TimeWindow): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('from', String(Math.round(view.start)));
  next.set('to', String(Math.round(view.end)));
  return next;
}

/**
 * The window an archive chart opens with: the view kept in the address (`from`/`to`) first; else,
 * with `start` (a negative offset such as `-P7D`), the chart's span beginning that far back, never
 * reaching past now; else the chart's default span ending now (screens §2, §4).
 */
export function initialArchiveWindow(
  span: { factor: number; unit: TimeUnit },
  search: URLSearchParams,
  now: number,
  timeZone: string,
): TimeWindow {
  const kept = viewFromSearch(search);
  if (kept) return kept;
  const window = resolveTimeSpan(span.factor, span.unit, now, timeZone);
  const startText = search.get('start');
  const offset = startText === null ? null : parseStartOffset(startText);
  if (offset === null) return window;
  const start = now - Math.abs(offset);
  const length = window.end - window.start;
  return { start, end: Math.max(start + 1, Math.min(start + length, now)) };
}

const MINUTE_MS = 60_000;

/**
 * A live window over the minute of `now`: it ends with that minute, so the values added during
 * the minute lie inside it, and moves on when the minute changes (screens §4).
 */
export function liveWindowAt(length: number, now: number): TimeWindow {
  const end = Math.floor(now / MINUTE_MS) * MINUTE_MS + MINUTE_MS - 1;
  return { start: end - length, end };
}

/** The window a live chart opens with: its span (one hour by default, screens §4) up to the end of this minute. */
export function initialLiveWindow(
  span: { factor: number; unit: TimeUnit },
  now: number,
  timeZone: string,
): TimeWindow {
  const window = resolveTimeSpan(span.factor, span.unit, now, timeZone);
  return liveWindowAt(window.end - window.start, now);
}

const UNIT_OF: Partial<Record<TimeUnit, string>> = {
  Years: 'year',
  Year: 'year',
  Months: 'month',
  Month: 'month',
  Weeks: 'week',
  Week: 'week',
  Days: 'day',
  Day: 'day',
  Hours: 'hour',
  Minutes: 'minute',
  Hour: 'hour',
  Minute: 'minute',
};

/**
 * A chart's own span in words of the user's language ("7 Tage", "1 hour"), by the browser's unit
 * formatting, which knows each language's plural forms; null for a unit without a length.
 */
export function spanName(span: { factor: number; unit: TimeUnit }, locale: string): string | null {
  const unit = UNIT_OF[span.unit];
  if (unit === undefined) return null;
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(span.factor);
}
