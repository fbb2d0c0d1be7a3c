import type { HistoryDb } from './history-db.js';

/** Integer ids of archived PVs: sample rows carry 4 bytes instead of a key string. */
export interface SeriesRepository {
  /** Ids of PV keys, creating missing ones. */
  ensure(keys: readonly string[]): Promise<Map<string, number>>;
  /** Ids of PV keys that have a series; missing keys are left out. */
  find(keys: readonly string[]): Promise<Map<string, number>>;
}

export function createSeriesRepository(hdb: HistoryDb, now: () => number = Date.now): SeriesRepository {
  const cache = new Map<string, number>();
  const find = async (keys: readonly string[]) => {
    const out = new Map<string, number>();
    const missing = [];
    for (const key of keys) {
      const id = cache.get(key);
      if (id === undefined) missing.push(key);
      else out.set(key, id);
    }
    for (let i = 0; i < missing.length; i += 500) {
      const rows = await hdb.db
        .selectFrom('history_series')
        .select(['id', 'pv_key'])
        .where('pv_key', 'in', missing.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        cache.set(row.pv_key, row.id);
        out.set(row.pv_key, row.id);
      }
    }
    return out;
  };
  return {
    find,
    async ensure(keys) {
      const found = await find(keys);
      const missing = [...new Set(keys.filter((key) => !found.has(key)))];
      for (let i = 0; i < missing.length; i += 500) {
        const at = now();
        await hdb.db
          .insertInto('history_series')
          .values(missing.slice(i, i + 500).map((pv_key) => ({ pv_key, created_at: at })))
          .onConflict((oc) => oc.column('pv_key').doNothing())
          .execute();
      }
      return missing.length === 0 ? found : find(keys);
    },
  };
}
