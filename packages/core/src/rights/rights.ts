import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';

/**
 * Every right of the product. Object rights are granted for a scope (stations and PV groups);
 * plant-wide rights (charts, dashboards, users, ...) hold wherever the role grants them.
 */
export const RIGHT_NAMES = [
  'read',
  'writeValues',
  'writeLimits',
  'ackAlerts',
  'deleteAlerts',
  'ackPlans',
  'editPlans',
  'editCallNumbers',
  'dial',
  'editMaintenance',
  'upload',
  'editTexts',
  'editCharts',
  'editAnnotations',
  'editDashboards',
  'manageUsers',
] as const;
export type RightName = (typeof RIGHT_NAMES)[number];

/** Rights that are not tied to a station or PV group: the scope of a role does not narrow them. */
export const PLANT_WIDE_RIGHTS: readonly RightName[] = [
  'editCallNumbers',
  'editCharts',
  'editAnnotations',
  'editDashboards',
  'manageUsers',
];

export const RightNameSchema = literalUnion(RIGHT_NAMES);

/** Where a role's rights apply: every station, or the listed stations and PV groups (areas). */
export const RightScopeSchema = Type.Object(
  {
    allStations: Type.Boolean(),
    stations: Type.Array(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), { maxItems: 4096 }),
    pvGroups: Type.Array(Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), { maxItems: 4096 }),
  },
  { additionalProperties: false },
);
export type RightScope = Static<typeof RightScopeSchema>;

/** A plant object as rights see it: its station and the PV groups it belongs to. */
export interface RightsObject {
  station: number | null;
  pvGroups: readonly number[];
}

/** A right of the effective rights: where it holds (union over the user's roles). */
export const EffectiveGrantSchema = Type.Object({ right: RightNameSchema, scope: RightScopeSchema });
export type EffectiveGrant = Static<typeof EffectiveGrantSchema>;

/** GET /api/UserManagement/rights: the user's roles and what they grant, for the client to mirror. */
export const EffectiveRightsSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  roles: Type.Array(Type.String()),
  grants: Type.Array(EffectiveGrantSchema),
});
export type EffectiveRights = Static<typeof EffectiveRightsSchema>;

/** Is the object inside the scope? An object without a station is inside only an all-stations scope. */
export function scopeHolds(scope: RightScope, object: RightsObject): boolean {
  if (scope.allStations) return true;
  if (object.station !== null && scope.stations.includes(object.station)) return true;
  return object.pvGroups.some((g) => scope.pvGroups.includes(g));
}

/** The union of scopes: all stations if any is, else the stations and groups of all. */
export function mergeScopes(scopes: readonly RightScope[]): RightScope {
  if (scopes.some((s) => s.allStations)) return { allStations: true, stations: [], pvGroups: [] };
  const stations = new Set(scopes.flatMap((s) => s.stations));
  const pvGroups = new Set(scopes.flatMap((s) => s.pvGroups));
  return {
    allStations: false,
    stations: [...stations].sort((a, b) => a - b),
    pvGroups: [...pvGroups].sort((a, b) => a - b),
  };
}

/** May the holder of these rights use `right` at all (somewhere)? */
export function hasRight(rights: Pick<EffectiveRights, 'grants'>, right: RightName): boolean {
  return rights.grants.some((g) => g.right === right);
}

/**
 * May the holder use `right` on the object? Plant-wide rights ignore the object; the others
 * need the object inside the right's scope. Deny by default: an absent right is refused.
 */
export function mayOn(
  rights: Pick<EffectiveRights, 'grants'>,
  right: RightName,
  object: RightsObject,
): boolean {
  const grant = rights.grants.find((g) => g.right === right);
  if (grant === undefined) return false;
  return PLANT_WIDE_RIGHTS.includes(right) || scopeHolds(grant.scope, object);
}
