import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/** Users, sessions, the append-only audit log and a key-value table for server secrets. */
export function initialMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('de'))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('end_reason', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint')
        .addColumn('username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object', 'text')
        .addColumn('old_value', 'text')
        .addColumn('new_value', 'text')
        .addColumn('detail', 'text')
        .addColumn('remote_address', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      if (dialect === 'postgres') {
        // Append-only: the audit log is evidence; nothing in the product updates or deletes it.
        await sql`create or replace function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_log is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_no_change before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      }
    },
  };
}
