import path from 'node:path';

/**
 * Generated image names: `cam<id>-<yyyyMMdd>-<HHmmss>.<png|jpg>`, UTC, so names sort by time and
 * never clash; the extension is the format the content was checked to be.
 */
const NAME = /^cam(\d{1,4})-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.(png|jpg)$/;

/** An image's format and its file extension. */
export type ImageExtension = 'png' | 'jpg';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The file name of a webcam's image taken at `at` (to the second). */
export function imageFileName(webcamId: number, at: number, extension: ImageExtension = 'png'): string {
  const d = new Date(at);
  return `cam${webcamId}-${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}.${extension}`;
}

/** Webcam id and capture time of a generated name; null for anything else (paths, other names). */
export function parseImageFileName(
  name: string,
): { webcamId: number; at: number; extension: ImageExtension } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const extension = m[8] as ImageExtension;
  const [id = 0, y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 8).map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  // A name like ...-20250231-... parses into another day: refuse what does not round-trip.
  return imageFileName(id, at, extension) === name ? { webcamId: id, at, extension } : null;
}

/**
 * Where an image lives: `<root>/<id>/<yyyy-MM-dd>/<name>`, one folder a day so retention
 * removes whole days and no folder grows large. Only generated names resolve; the result is
 * checked to stay under the root.
 */
export function imagePath(root: string, name: string): string | null {
  const parsed = parseImageFileName(name);
  if (!parsed) return null;
  const d = new Date(parsed.at);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const full = path.resolve(root, String(parsed.webcamId), day, name);
  const relative = path.relative(path.resolve(root), full);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : full;
}

/** Local time as dd.MM.yyyy HH:mm:ss in a time zone, for the overlay. */
export function formatLocalTime(at: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}
