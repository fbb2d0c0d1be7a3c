import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import { GENESIS_HASH, rowHash, type ChainedFields } from '../audit/audit-chain.js';

const BATCH = 5_000;

/**
 * The audit log becomes a hash chain and truly append-only. Each row gets the hash of the row
 * before and its own (audit/audit-chain.ts); the rows already there are chained once, here, in
 * id order. SQLite also refuses an insert whose id exists (INSERT OR REPLACE deletes the old
 * row without firing the delete trigger); PostgreSQL also refuses TRUNCATE (the row triggers
 * of 001 cover UPDATE, DELETE and an upsert's update).
 */
export function auditChainMigration(dialect: StoreDialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
      // Chaining the existing rows is the one update the audit log ever gets.
      if (dialect === 'postgres') {
        await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
      } else {
        await sql`drop trigger audit_log_no_update`.execute(db);
      }
      await chainExistingRows(db);
      if (dialect === 'postgres') {
        await sql`alter table audit_log enable trigger audit_log_no_change`.execute(db);
        await sql`create trigger audit_log_no_truncate before truncate on audit_log
          for each statement execute function audit_log_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_replace before insert on audit_log
          when exists (select 1 from audit_log where id = new.id)
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      }
    },
  };
}

async function chainExistingRows(db: Kysely<unknown>): Promise<void> {
  const audit = db as unknown as Kysely<{
    audit_log: ChainedFields & { hash: string | null; prev_hash: string | null };
  }>;
  let prev = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = await audit
      .selectFrom('audit_log')
      .select([
        'id',
        'at',
        'user_id',
        'username',
        'action',
        'object',
        'old_value',
        'new_value',
        'detail',
        'remote_address',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      // bigint columns may come back as strings from a driver without our type parser.
      const fields: ChainedFields = {
        ...row,
        id: Number(row.id),
        at: Number(row.at),
        user_id: row.user_id === null ? null : Number(row.user_id),
      };
      const hash = rowHash(prev, fields);
      await audit
        .updateTable('audit_log')
        .set({ prev_hash: prev, hash })
        .where('id', '=', fields.id)
        .execute();
      prev = hash;
      after = fields.id;
    }
  }
}
