import type { CounterValue } from './pv-value.js';

/** A calendar date in the plant's local time zone (month 1–12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** Which period amounts of a counter start again from zero (screens §3 "Counter value"). */
export interface CounterRollover {
  day: boolean;
  month: boolean;
  year: boolean;
}

/** No period ended. */
export const NO_ROLLOVER: Readonly<CounterRollover> = Object.freeze({
  day: false,
  month: false,
  year: false,
});

/**
 * Periods that ended between two local dates: a new year also ends month and day, a new month
 * also ends the day. Comparing dates (not elapsed time) keeps 23- and 25-hour DST days right.
 */
export function counterRollover(previous: LocalDate, current: LocalDate): CounterRollover {
  const year = previous.year !== current.year;
  const month = year || previous.month !== current.month;
  const day = month || previous.day !== current.day;
  return { day, month, year };
}

/**
 * Counter after adding an amount (screens §3 "Counter value"): the total grows, and the day,
 * month and year values are the amounts of the current local day, month and year, so a period
 * that ended starts from zero before the amount is added. Negative amounts are refused: a
 * counter only totalises; a reset is a write, not an amount.
 */
export function addToCounter(counter: CounterValue, amount: number, rollover: CounterRollover): CounterValue {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`invalid counter amount ${amount}`);
  return {
    value: counter.value + amount,
    resetable: counter.resetable,
    day: (rollover.day ? 0 : counter.day) + amount,
    month: (rollover.month ? 0 : counter.month) + amount,
    year: (rollover.year ? 0 : counter.year) + amount,
  };
}
