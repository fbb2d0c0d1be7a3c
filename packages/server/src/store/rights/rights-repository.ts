import { RIGHT_NAMES, type RightName, type RightScope, type Role, type RoleInput } from '@leitwarte/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema.js';
import type { RolesTable } from './tables.js';

/** Roles and the users' role assignments. */
export interface RightsRepository {
  roles(): Promise<Role[]>;
  /** userId → role ids, for every user that has a role. */
  assignments(): Promise<Map<number, number[]>>;
  createRole(input: RoleInput, now?: number): Promise<Role>;
  updateRole(id: number, input: RoleInput, now?: number): Promise<Role | undefined>;
  deleteRole(id: number): Promise<boolean>;
  setUserRoles(userId: number, roleIds: readonly number[]): Promise<void>;
}

const KNOWN = new Set<string>(RIGHT_NAMES);

function toRole(row: Selectable<RolesTable>): Role {
  // Rights no longer known to this version are dropped, not granted.
  const rights = (JSON.parse(row.rights) as string[]).filter((r): r is RightName => KNOWN.has(r));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rights,
    scope: JSON.parse(row.scope) as RightScope,
    builtIn: row.built_in === 1,
  };
}

export function createRightsRepository(db: Kysely<Database>): RightsRepository {
  const byId = async (id: number) => {
    const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toRole(row);
  };
  return {
    async roles() {
      return (await db.selectFrom('roles').selectAll().orderBy('id').execute()).map(toRole);
    },
    async assignments() {
      const rows = await db
        .selectFrom('user_roles')
        .select(['user_id', 'role_id'])
        .orderBy('role_id')
        .execute();
      const map = new Map<number, number[]>();
      for (const row of rows) {
        const list = map.get(Number(row.user_id)) ?? [];
        list.push(Number(row.role_id));
        map.set(Number(row.user_id), list);
      }
      return map;
    },
    async createRole(input, now = Date.now()) {
      const row = await db
        .insertInto('roles')
        .values({
          name: input.name,
          description: input.description,
          rights: JSON.stringify(input.rights),
          scope: JSON.stringify(input.scope),
          built_in: 0,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRole(row);
    },
    async updateRole(id, input, now = Date.now()) {
      await db
        .updateTable('roles')
        .set({
          name: input.name,
          description: input.description,
          rights: JSON.stringify(input.rights),
          scope: JSON.stringify(input.scope),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      return byId(id);
    },
    async deleteRole(id) {
      const result = await db
        .deleteFrom('roles')
        .where('id', '=', id)
        .where('built_in', '=', 0)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async setUserRoles(userId, roleIds) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
        if (roleIds.length > 0) {
          await trx
            .insertInto('user_roles')
            .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
            .execute();
        }
      });
    },
  };
}
