import type { TextMessage } from '@leitwarte/core';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface TextMessagesRepository {
  count(): Promise<number>;
  /** Inserts messages that do not exist yet (seeding); existing ids keep their text. */
  insertMissing(messages: readonly TextMessage[], now: number): Promise<void>;
  /** The messages of these ids that exist, ordered by id. */
  byIds(ids: readonly number[]): Promise<TextMessage[]>;
  all(): Promise<TextMessage[]>;
  /** Replaces the texts in one transaction. */
  set(messages: readonly TextMessage[], now: number): Promise<void>;
}

export function createTextMessagesRepository(db: Kysely<Database>): TextMessagesRepository {
  return {
    async count() {
      const row = await db
        .selectFrom('visu_text_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async insertMissing(messages, now) {
      if (messages.length === 0) return;
      await db
        .insertInto('visu_text_messages')
        .values(messages.map((m) => ({ id: m.id, message: m.message, updated_at: now })))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('visu_text_messages')
        .select(['id', 'message'])
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
    },
    all: () => db.selectFrom('visu_text_messages').select(['id', 'message']).orderBy('id').execute(),
    async set(messages, now) {
      await db.transaction().execute(async (trx) => {
        for (const m of messages) {
          await trx
            .updateTable('visu_text_messages')
            .set({ message: m.message, updated_at: now })
            .where('id', '=', m.id)
            .execute();
        }
      });
    },
  };
}
