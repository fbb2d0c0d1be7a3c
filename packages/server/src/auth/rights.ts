import {
  hasRight,
  mayOn,
  mergeScopes,
  pvKey,
  type EffectiveRights,
  type PvRef,
  type RightName,
  type RightsObject,
  type Role,
} from '@leitwarte/core';
import type { Store } from '../store/index.js';

/** Who asks: a logged-in user (session principal or actor); a null id has no rights. */
export interface RightsSubject {
  userId: number | null;
  username?: string | null;
}

/**
 * Rights per object, decided in memory (hubs ask for every event). Deny by default: a right
 * holds only where one of the user's roles grants it for the object's station or PV group.
 */
export interface Rights {
  effective(subject: RightsSubject): EffectiveRights;
  /** Does the user hold the right anywhere (plant-wide rights, or "may see the edit button")? */
  has(subject: RightsSubject, right: RightName): boolean;
  onPv(subject: RightsSubject, right: RightName, ref: PvRef): boolean;
  onStation(subject: RightsSubject, right: RightName, station: number): boolean;
  /** A remote alarm plan belongs to its station (its PV group is one of the alarm system's own). */
  onPlan(subject: RightsSubject, right: RightName, plan: { station: number }): boolean;
  /** Shorthand for onPv(subject, 'read', ref): the check of every value the user sees. */
  canReadPv(subject: RightsSubject, ref: PvRef): boolean;
}

/** Where the plant's objects sit: a PV's station and the PV groups (areas) that hold it. */
export interface RightsPlantView {
  stationOf(ref: PvRef): number | null;
  pvGroupsOf(ref: PvRef): readonly number[];
}

export interface RightsService extends Rights {
  /** Loads roles and assignments; call again after the store changed behind the service. */
  reload(): Promise<void>;
  roles(): readonly Role[];
  roleIdsOf(userId: number): readonly number[];
  /** Called after every reload, so open sessions can be re-evaluated. */
  onChange(listener: () => void): () => void;
  /** Another process changed the rights: reload without announcing it again. */
  reloadFromElsewhere(): Promise<void>;
  /** Called after a reload this process caused, so the other processes reload too. */
  onChangedHere(listener: () => void): () => void;
}

const NONE: EffectiveRights = { userId: 0, username: '', roles: [], grants: [] };

export function createRightsService(store: Store, plant: RightsPlantView): RightsService {
  let roles: Role[] = [];
  let assignments = new Map<number, number[]>();
  const cache = new Map<number, EffectiveRights>();
  const objects = new Map<string, RightsObject>();
  const listeners = new Set<() => void>();
  const announcers = new Set<() => void>();

  async function load(): Promise<void> {
    roles = await store.rights.roles();
    assignments = await store.rights.assignments();
    cache.clear();
    for (const listener of listeners) listener();
  }

  function compute(userId: number, username: string): EffectiveRights {
    const mine = roles.filter((r) => assignments.get(userId)?.includes(r.id));
    const byRight = new Map<RightName, Role['scope'][]>();
    for (const role of mine) {
      for (const right of role.rights) byRight.set(right, [...(byRight.get(right) ?? []), role.scope]);
    }
    return {
      userId,
      username,
      roles: mine.map((r) => r.name),
      grants: [...byRight].map(([right, scopes]) => ({ right, scope: mergeScopes(scopes) })),
    };
  }

  function effective(subject: RightsSubject): EffectiveRights {
    if (subject.userId === null) return NONE;
    let rights = cache.get(subject.userId);
    if (rights === undefined) {
      rights = compute(subject.userId, subject.username ?? '');
      cache.set(subject.userId, rights);
    }
    return rights;
  }

  function pvObject(ref: PvRef): RightsObject {
    const key = pvKey(ref);
    let object = objects.get(key);
    if (object === undefined) {
      object = { station: plant.stationOf(ref), pvGroups: plant.pvGroupsOf(ref) };
      objects.set(key, object);
    }
    return object;
  }

  return {
    effective,
    has: (subject, right) => hasRight(effective(subject), right),
    onPv: (subject, right, ref) => mayOn(effective(subject), right, pvObject(ref)),
    onStation: (subject, right, station) => mayOn(effective(subject), right, { station, pvGroups: [] }),
    onPlan: (subject, right, plan) =>
      mayOn(effective(subject), right, { station: plan.station, pvGroups: [] }),
    canReadPv: (subject, ref) => mayOn(effective(subject), 'read', pvObject(ref)),
    async reload() {
      await load();
      for (const announcer of announcers) announcer();
    },
    reloadFromElsewhere: load,
    onChangedHere(listener) {
      announcers.add(listener);
      return () => announcers.delete(listener);
    },
    roles: () => roles,
    roleIdsOf: (userId) => assignments.get(userId) ?? [],
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
