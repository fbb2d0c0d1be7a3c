import { DAY_MS, pvKey } from '@leitwarte/core';
import type { HistoryRepository, SeriesRepository } from '../../store/historian/index.js';
import type { Plant } from '../plant.js';
import type { Retention } from './historian-types.js';

/** Rows per delete statement: short transactions, so a live flush never waits long. */
export const RETENTION_CHUNK = 5000;

/**
 * Deletes rows older than each archive's retention, oldest first, in chunks per series, and
 * yields to the event loop between chunks so buffered samples are written in between.
 */
export async function applyRetention(
  repo: HistoryRepository,
  series: SeriesRepository,
  plant: Plant,
  retention: Retention,
  now: number,
): Promise<number> {
  const ids = [...(await series.find(plant.pvConfigs().map((c) => pvKey(c.pvRef)))).values()];
  let deleted = 0;
  for (const [archive, days] of Object.entries(retention) as [keyof Retention, number | null][]) {
    if (days === null) continue;
    const before = now - days * DAY_MS;
    for (const id of ids) {
      for (;;) {
        const n = await repo.deleteOldest(archive, id, before, RETENTION_CHUNK);
        deleted += n;
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (n < RETENTION_CHUNK) break;
      }
    }
  }
  return deleted;
}
