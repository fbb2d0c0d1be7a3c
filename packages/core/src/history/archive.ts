import type { ProcessValue } from '../pv/pv-value.js';
import { timeOfDayToNumber } from '../pv/pv-value.js';
import { DATA_SOURCES, type ChartDataSource } from '../charts/chart-constants.js';

/** Quarter-hour rounding of screens §9: 15 minutes. */
export const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** One hour in milliseconds. */
export const HOUR_MS = 60 * 60 * 1000;
/** One (24-hour) day in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;

/** Whether a string is one of the archives of screens §3 "Data sources". */
export function isChartDataSource(value: unknown): value is ChartDataSource {
  return typeof value === 'string' && (DATA_SOURCES as readonly string[]).includes(value);
}

/**
 * The number a value is archived as: doubles, counter and runtime totals as they are, booleans
 * 0/1, failure states 0/1/2 as they are, a time of day as hour*256+minutes (the comparable
 * number of screens §5). Non-finite numbers are not archived (null).
 */
export function archivedNumber(value: ProcessValue): number | null {
  let n: number;
  switch (value.type) {
    case 'DoubleValue':
      n = value.doubleValue;
      break;
    case 'BoolValue':
      n = value.boolValue ? 1 : 0;
      break;
    case 'FailureStateValue':
      n = value.failureStateValue;
      break;
    case 'CounterValue':
      n = value.counterValue.value;
      break;
    case 'RuntimeValue':
      n = value.runtimeValue.value;
      break;
    case 'TimeOfDayValue':
      n = timeOfDayToNumber(value.timeOfDayValue);
      break;
  }
  return Number.isFinite(n) ? n : null;
}
