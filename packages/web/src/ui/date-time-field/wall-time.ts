import { strictZonedToEpoch, zonedParts } from '@leitwarte/core';

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the plant's wall clock shows it, in the fields' form 'YYYY-MM-DD HH:mm:ss'. */
export function wallTimeOf(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant of a wall-clock time of the plant ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or with
 * seconds); null when it is no date (31 February is refused, not rolled over).
 */
export function instantOfWallTime(text: string, timeZone: string): number | null {
  const m = WALL.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return strictZonedToEpoch({ year, month, day, hour, minute, second }, timeZone);
}
