import { Type, type Static } from 'typebox';
import { RIGHT_NAMES, RightNameSchema, RightScopeSchema, type RightName, type RightScope } from './rights.js';

/** A role an administrator manages: a named set of rights with the scope they hold in. */
export const RoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  rights: Type.Array(RightNameSchema),
  scope: RightScopeSchema,
  /** Shipped with the product; may be edited but not deleted or renamed. */
  builtIn: Type.Boolean(),
});
export type Role = Static<typeof RoleSchema>;

/** Create or change a role (POST/PATCH /api/admin/roles). */
export const RoleInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9ÄÖÜäöüß_. -]+$' }),
    description: Type.String({ maxLength: 500 }),
    rights: Type.Array(RightNameSchema, { maxItems: RIGHT_NAMES.length, uniqueItems: true }),
    scope: RightScopeSchema,
  },
  { additionalProperties: false },
);
export type RoleInput = Static<typeof RoleInputSchema>;

/** The roles of a user (PUT /api/admin/users/{id}/roles). */
export const UserRolesInputSchema = Type.Object(
  { roleIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 64, uniqueItems: true }) },
  { additionalProperties: false },
);
export type UserRolesInput = Static<typeof UserRolesInputSchema>;

const ALL: RightScope = { allStations: true, stations: [], pvGroups: [] };

/**
 * The roles the product ships with: what each kind of user of a water utility does. The
 * administrator may do everything; operators run the plant; maintenance staff keep machines
 * (runtimes, life cycle, documents) and read the rest; viewers only read.
 */
export const BUILT_IN_ROLES: readonly { name: string; description: string; rights: RightName[] }[] = [
  { name: 'administrator', description: 'Alle Rechte', rights: [...RIGHT_NAMES] },
  {
    name: 'operator',
    description: 'Betrieb: Werte, Grenzwerte, Quittieren, Alarmpläne, Anwahl',
    rights: [
      'read',
      'writeValues',
      'writeLimits',
      'ackAlerts',
      'ackPlans',
      'editPlans',
      'editCallNumbers',
      'dial',
      'editTexts',
      'editCharts',
      'editAnnotations',
      'editDashboards',
    ],
  },
  {
    name: 'maintenance',
    description: 'Instandhaltung: Laufzeiten, Lebenslauf, Dokumente',
    rights: ['read', 'editMaintenance', 'upload', 'editAnnotations'],
  },
  { name: 'viewer', description: 'Nur lesen', rights: ['read'] },
];
export const BUILT_IN_SCOPE = ALL;
