import { BUILT_IN_ROLES, BUILT_IN_SCOPE } from '@leitwarte/core';
import { sql, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * Roles with their rights and scope, and the roles of each user. The four built-in roles are
 * created here and every existing user gets the role named in its `role` column, so a store
 * from before the rights model keeps its users' rights.
 */
export function rightsMigration(dialect: StoreDialect) {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('roles')
        .addColumn('id', id, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('rights', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();
      const now = Date.now();
      for (const role of BUILT_IN_ROLES) {
        await sql`insert into roles (name, description, rights, scope, built_in, updated_at)
          values (${role.name}, ${role.description}, ${JSON.stringify(role.rights)},
                  ${JSON.stringify(BUILT_IN_SCOPE)}, 1, ${now})`.execute(db);
      }
      await sql`insert into user_roles (user_id, role_id)
        select u.id, r.id from users u join roles r on r.name = u.role`.execute(db);
    },
  };
}
