import type { LocalDate } from '@leitwarte/core';

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
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (ms) => {
    const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const part of format.formatToParts(ms)) {
      if (part.type in parts) parts[part.type as keyof typeof parts] = Number(part.value);
    }
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
