import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Server-wide values that must survive restarts (secrets, plant markers). */
export interface MetaRepository {
  get(key: string): Promise<string | undefined>;
  /** Stores the value unless the key exists; returns the value that is stored now. */
  getOrInsert(key: string, create: () => string): Promise<string>;
}

export function createMetaRepository(db: Kysely<Database>): MetaRepository {
  const get = async (key: string) =>
    (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value;
  return {
    get,
    async getOrInsert(key, create) {
      await db
        .insertInto('meta')
        .values({ key, value: create() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const value = await get(key);
      if (value === undefined) throw new Error(`meta ${key} vanished`);
      return value;
    },
  };
}
