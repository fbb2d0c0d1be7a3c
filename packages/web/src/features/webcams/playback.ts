/** Playback speeds: 1× shows one archived image a second, 60× sixty (a time lapse of the archive). */
export const PLAYBACK_SPEEDS = [1, 2, 5, 10, 30, 60] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** How long each image stays at a speed. */
export const frameDelayMs = (speed: PlaybackSpeed) => 1000 / speed;

/** Quick ranges of the archive, counted back from now. */
export const ARCHIVE_RANGES = [
  { key: 'hour', ms: 3_600_000 },
  { key: 'sixHours', ms: 6 * 3_600_000 },
  { key: 'day', ms: 86_400_000 },
  { key: 'week', ms: 7 * 86_400_000 },
] as const;
export type ArchiveRangeKey = (typeof ARCHIVE_RANGES)[number]['key'];

/** The index a step lands on, kept inside the archive. */
export const stepIndex = (index: number, by: number, count: number) =>
  count === 0 ? 0 : Math.min(count - 1, Math.max(0, index + by));

/**
 * The next index while playing: one further, or null at the end (playback stops there, unless the
 * archive grows meanwhile).
 */
export const nextPlaying = (index: number, count: number): number | null =>
  index + 1 < count ? index + 1 : null;

/** The indexes worth loading ahead of the shown one, so playback does not wait for the network. */
export function preloadIndexes(index: number, count: number, speed: PlaybackSpeed): number[] {
  const ahead = Math.min(count - 1 - index, Math.max(2, speed));
  return Array.from({ length: Math.max(0, ahead) }, (_, k) => index + 1 + k);
}
