import type { Generated } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** JSON array of right names. */
  rights: string;
  /** JSON RightScope. */
  scope: string;
  built_in: number;
  updated_at: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface RightsTables {
  roles: RolesTable;
  user_roles: UserRolesTable;
}
