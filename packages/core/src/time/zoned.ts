// Wall-clock time in the plant's time zone: counters roll over, reports and rollups start and
// night windows lie at the plant's midnight, not the server's. One Intl formatter per zone.

/** Wall-clock date and time in a time zone (month 1–12). */
export interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Wall-clock parts of an instant in a time zone (IANA name, e.g. "Europe/Berlin"). */
export function zonedParts(ms: number, timeZone: string): ZonedDateTime {
  const parts: ZonedDateTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatFor(timeZone).formatToParts(ms)) {
    if (part.type in parts) parts[part.type as keyof ZonedDateTime] = Number(part.value);
  }
  return parts;
}

/** Offset of a time zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant of a wall-clock time in a time zone. Out-of-range fields roll over like Date.UTC
 * (day 0 is the last day of the previous month). A time that occurs twice (the hour repeated
 * when DST ends) gives the earlier instant; a time inside the DST gap lands after the gap.
 */
export function zonedToEpoch(local: ZonedDateTime, timeZone: string): number {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const DAY = 86_400_000;
  // A zone's offset changes at most once within a day either side: the two candidates cover both.
  const before = guess - zoneOffsetMs(guess - DAY, timeZone);
  const after = guess - zoneOffsetMs(guess + DAY, timeZone);
  const valid = [before, after].filter((t) => t + zoneOffsetMs(t, timeZone) === guess);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/**
 * The instant of a wall-clock time read from a user or a file: null when it is no real date or
 * time (31 February, 24:00), where zonedToEpoch would roll it over.
 */
export function strictZonedToEpoch(local: ZonedDateTime, timeZone: string): number | null {
  const { year, month, day, hour, minute, second } = local;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return zonedToEpoch(local, timeZone);
}
