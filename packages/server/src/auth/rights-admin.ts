import { RIGHT_NAMES, type Role, type RoleInput } from '@leitwarte/core';
import type { Store } from '../store/index.js';
import type { RightsService, RightsSubject } from './rights.js';

/** A refused change of roles: `status` is the HTTP status, `code` the catalogue's reason. */
export class RightsChangeError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RightsChangeError';
  }
}

export interface RightsAdminDeps {
  store: Store;
  rights: RightsService;
  stationNumbers: () => ReadonlySet<number>;
  pvGroupIds: () => ReadonlySet<number>;
}

export interface RightsAdminActor extends RightsSubject {
  userId: number;
  username: string;
  remoteAddress?: string;
}

const describe = (role: Pick<Role, 'rights' | 'scope'>) =>
  JSON.stringify({ rights: role.rights, scope: role.scope });

/**
 * What administrators change about rights: roles and the roles of each user. Every change is
 * checked (scope objects exist, built-in names stay, someone can still manage users), audited
 * with old → new, and takes effect at once for routes and live channels.
 */
export function createRightsAdmin(deps: RightsAdminDeps) {
  const { store, rights } = deps;

  function checkScope(input: RoleInput): void {
    const stations = deps.stationNumbers();
    const groups = deps.pvGroupIds();
    const unknownStations = input.scope.stations.filter((s) => !stations.has(s));
    const unknownGroups = input.scope.pvGroups.filter((g) => !groups.has(g));
    if (unknownStations.length > 0) {
      throw new RightsChangeError(
        400,
        'unknownStation',
        `Unbekannte Stationen: ${unknownStations.join(', ')}`,
      );
    }
    if (unknownGroups.length > 0) {
      throw new RightsChangeError(
        400,
        'unknownPvGroup',
        `Unbekannte PV-Bereiche: ${unknownGroups.join(', ')}`,
      );
    }
  }

  function roleOf(id: number): Role {
    const role = rights.roles().find((r) => r.id === id);
    if (role === undefined) throw new RightsChangeError(404, 'unknownRole', `Rolle ${id} gibt es nicht.`);
    return role;
  }

  function checkNameFree(name: string, exceptId?: number): void {
    if (rights.roles().some((r) => r.name.toLowerCase() === name.toLowerCase() && r.id !== exceptId)) {
      throw new RightsChangeError(409, 'roleExists', `Die Rolle "${name}" gibt es schon.`);
    }
  }

  /** After the change, some enabled user must still be able to manage users, or nobody could repair it. */
  async function checkSomeoneManagesUsers(
    roles: readonly Pick<Role, 'id' | 'rights'>[],
    assignments: ReadonlyMap<number, readonly number[]>,
  ): Promise<void> {
    const managing = new Set(roles.filter((r) => r.rights.includes('manageUsers')).map((r) => r.id));
    for (const user of await store.users.list()) {
      if (user.disabled) continue;
      if ((assignments.get(user.id) ?? []).some((id) => managing.has(id))) return;
    }
    throw new RightsChangeError(
      409,
      'lastUserManager',
      'Danach könnte niemand mehr Benutzer verwalten; die Änderung wurde nicht gespeichert.',
    );
  }

  async function currentAssignments(): Promise<Map<number, number[]>> {
    return store.rights.assignments();
  }

  async function audit(
    actor: RightsAdminActor,
    action: string,
    object: string,
    oldValue: string | null,
    newValue: string | null,
  ) {
    await store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object,
      oldValue,
      newValue,
      remoteAddress: actor.remoteAddress ?? null,
    });
  }

  return {
    roles: () => rights.roles(),
    rightNames: () => RIGHT_NAMES,
    async createRole(actor: RightsAdminActor, input: RoleInput): Promise<Role> {
      checkScope(input);
      checkNameFree(input.name);
      const role = await store.rights.createRole(input);
      await audit(actor, 'role.create', `role:${role.name}`, null, describe(role));
      await rights.reload();
      return role;
    },
    async updateRole(actor: RightsAdminActor, id: number, input: RoleInput): Promise<Role> {
      const before = roleOf(id);
      checkScope(input);
      if (before.builtIn && input.name !== before.name) {
        throw new RightsChangeError(
          400,
          'builtInRole',
          `Die mitgelieferte Rolle "${before.name}" behält ihren Namen.`,
        );
      }
      checkNameFree(input.name, id);
      const roles = rights.roles().map((r) => (r.id === id ? { ...r, rights: input.rights } : r));
      await checkSomeoneManagesUsers(roles, await currentAssignments());
      const after = await store.rights.updateRole(id, input);
      if (after === undefined) throw new RightsChangeError(404, 'unknownRole', `Rolle ${id} gibt es nicht.`);
      await audit(actor, 'role.update', `role:${after.name}`, describe(before), describe(after));
      await rights.reload();
      return after;
    },
    async deleteRole(actor: RightsAdminActor, id: number): Promise<void> {
      const role = roleOf(id);
      if (role.builtIn) {
        throw new RightsChangeError(
          400,
          'builtInRole',
          `Die mitgelieferte Rolle "${role.name}" kann nicht gelöscht werden.`,
        );
      }
      const roles = rights.roles().filter((r) => r.id !== id);
      await checkSomeoneManagesUsers(roles, await currentAssignments());
      await store.rights.deleteRole(id);
      await audit(actor, 'role.delete', `role:${role.name}`, describe(role), null);
      await rights.reload();
    },
    async setUserRoles(actor: RightsAdminActor, userId: number, roleIds: readonly number[]): Promise<void> {
      const user = await store.users.byId(userId);
      if (user === undefined)
        throw new RightsChangeError(404, 'unknownUser', `Benutzer ${userId} gibt es nicht.`);
      const names = roleIds.map((id) => roleOf(id).name);
      const next = await currentAssignments();
      const before = (next.get(userId) ?? []).map((id) => roleOf(id).name);
      next.set(userId, [...roleIds]);
      await checkSomeoneManagesUsers(rights.roles(), next);
      await store.rights.setUserRoles(userId, roleIds);
      await audit(actor, 'user.roles', `user:${user.username}`, before.join(', '), names.join(', '));
      await rights.reload();
    },
  };
}
export type RightsAdmin = ReturnType<typeof createRightsAdmin>;
