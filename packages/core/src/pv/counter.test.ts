import { describe, expect, it } from 'vitest';
import { addToCounter, counterRollover, NO_ROLLOVER } from './counter.js';

const counter = { value: 1000, resetable: true, day: 10, month: 200, year: 900 };

describe('counter periods (screens §3 Counter value: value, resetable, day, month, year)', () => {
  it('adds an amount to the total and to the day, month and year values', () => {
    expect(addToCounter(counter, 5, NO_ROLLOVER)).toEqual({
      value: 1005,
      resetable: true,
      day: 15,
      month: 205,
      year: 905,
    });
  });

  it('starts the day value from zero after local midnight', () => {
    const rollover = counterRollover({ year: 2025, month: 3, day: 4 }, { year: 2025, month: 3, day: 5 });
    expect(rollover).toEqual({ day: true, month: false, year: false });
    expect(addToCounter(counter, 2, rollover)).toMatchObject({ value: 1002, day: 2, month: 202, year: 902 });
  });

  it('a new month also ends the day; a new year ends all three', () => {
    expect(counterRollover({ year: 2025, month: 3, day: 31 }, { year: 2025, month: 4, day: 1 })).toEqual({
      day: true,
      month: true,
      year: false,
    });
    const rollover = counterRollover({ year: 2025, month: 12, day: 31 }, { year: 2026, month: 1, day: 1 });
    expect(addToCounter(counter, 1, rollover)).toMatchObject({ value: 1001, day: 1, month: 1, year: 1 });
  });

  it('same date: nothing rolls over', () => {
    expect(counterRollover({ year: 2025, month: 1, day: 1 }, { year: 2025, month: 1, day: 1 })).toEqual(
      NO_ROLLOVER,
    );
  });

  it('refuses negative or non-finite amounts and keeps the input unchanged', () => {
    expect(() => addToCounter(counter, -1, NO_ROLLOVER)).toThrow(RangeError);
    expect(() => addToCounter(counter, Number.NaN, NO_ROLLOVER)).toThrow(RangeError);
    expect(counter.value).toBe(1000);
  });
});
