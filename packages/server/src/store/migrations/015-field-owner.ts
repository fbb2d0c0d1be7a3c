import { sql, type Kysely } from 'kysely';

/**
 * The lease of the one process that owns the field and the engines when several serve one
 * installation (docs/scale-out.md). One row; the token grows with every change of owner and
 * fences off a former owner that has not noticed it lost the lease. PostgreSQL only: several
 * processes never share a SQLite store.
 */
export const fieldOwnerMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('field_owner')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('holder', 'text')
      .addColumn('address', 'text')
      .addColumn('token', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('acquired_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into field_owner (id) values (1)`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('field_owner').execute();
  },
};
