import type { MinMaxState, PipeLeakageState } from './contract-misc.js';
import { strictZonedToEpoch, zonedParts, zonedToEpoch } from '../time/zoned.js';

/** The night window of the minimum-flow measurement, in minutes after local midnight. */
export interface NightWindow {
  beginMinute: number;
  endMinute: number;
}

/** Minutes after midnight of "HH:MM"; null when malformed. */
export function parseClockTime(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The night window an instant reports on: the window of its local day once that window has
 * begun, else the previous night's. Windows do not cross midnight (begin < end).
 */
export function nightWindowAt(
  ms: number,
  window: NightWindow,
  timeZone: string,
): { begin: number; end: number } {
  if (!(window.beginMinute < window.endMinute))
    throw new RangeError('night window must begin before it ends');
  const day = zonedParts(ms, timeZone);
  const at = (dayOffset: number, minute: number) =>
    zonedToEpoch(
      { year: day.year, month: day.month, day: day.day + dayOffset, hour: 0, minute, second: 0 },
      timeZone,
    );
  const begin = at(0, window.beginMinute);
  if (ms >= begin) return { begin, end: at(0, window.endMinute) };
  return { begin: at(-1, window.beginMinute), end: at(-1, window.endMinute) };
}

/** Thresholds of the increase of the night minimum over the reference, in percent. */
export interface LeakageThresholds {
  warningPercent: number;
  alarmPercent: number;
}

/**
 * The night minimum against its reference: change in percent of the reference and the state
 * (a rising night minimum is the classic sign of a new leak). Without a minimum: unknown.
 */
export function evaluateNightMinimum(
  minimum: number | null,
  referenceValue: number,
  thresholds: LeakageThresholds,
): { measurementChange: number | null; measurementState: PipeLeakageState } {
  if (minimum === null || !Number.isFinite(minimum) || !(referenceValue > 0)) {
    return { measurementChange: null, measurementState: 'unknown' };
  }
  const change = Math.round(((minimum - referenceValue) / referenceValue) * 1000) / 10;
  const measurementState =
    change >= thresholds.alarmPercent ? 'alarm' : change >= thresholds.warningPercent ? 'warning' : 'ok';
  return { measurementChange: change, measurementState };
}

/** State of a night window at an instant, given whether it has seen a value. */
export function minMaxStateAt(ms: number, window: { end: number }, hasValue: boolean): MinMaxState {
  if (ms < window.end) return 'measuring';
  return hasValue ? 'complete' : 'noData';
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as dd.MM.yyyy HH:mm:ss in a time zone (screens §9 "Pipe-leakage time format"). */
export function formatPipeLeakageTime(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${pad(p.day)}.${pad(p.month)}.${pad(p.year, 4)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** Parses dd.MM.yyyy HH:mm:ss in a time zone; null when malformed or not a real date. */
export function parsePipeLeakageTime(text: string, timeZone: string): number | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [day, month, year, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return strictZonedToEpoch({ year, month, day, hour, minute, second }, timeZone);
}
