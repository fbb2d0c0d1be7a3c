import { zonedParts, type LocalDate } from '@leitwarte/core';

/** Wall-clock time in the plant's time zone. */
export interface LocalTime extends LocalDate {
  hour: number;
  minute: number;
  /** Hours since local midnight, with fraction (for day curves). */
  hourOfDay: number;
}

/**
 * Local time of an instant in a time zone. Counters roll over and consumption follows the
 * day at the plant, not at the server, so this uses the plant's zone, not the process's.
 */
export function createCalendar(timeZone: string): (ms: number) => LocalTime {
  return (ms) => {
    const parts = zonedParts(ms, timeZone);
    const seconds = parts.second + (ms % 1000) / 1000;
    return {
      year: parts.year,
      month: parts.month,
      day: parts.day,
      hour: parts.hour,
      minute: parts.minute,
      hourOfDay: parts.hour + parts.minute / 60 + seconds / 3600,
    };
  };
}
