import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';

/** Where a user's password lives: here ('local') or in the utility's directory ('domain'). */
export const AUTH_SOURCES = ['local', 'domain'] as const;
export type AuthSource = (typeof AUTH_SOURCES)[number];

/** The languages a user's screens can be shown in. */
export const USER_LANGUAGES = ['de', 'en', 'cs', 'ru'] as const;

/** A user name: a letter or digit, then up to 63 letters, digits and . _ @ - */
export const USERNAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$';

const RoleIds = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
  maxItems: 64,
  uniqueItems: true,
});
const DisplayName = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Password = Type.String({ minLength: 1, maxLength: 1024 });

/** A user as the user administration shows it (GET /api/admin/users/{id}). */
export const AdminUserDetailSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  displayName: Type.String(),
  language: Type.String(),
  authSource: literalUnion(AUTH_SOURCES),
  disabled: Type.Boolean(),
  secondFactor: Type.Boolean(),
  roleIds: Type.Array(Type.Integer()),
  /** Locked out after failed logins until then (ms since the epoch); null when not locked. */
  lockedUntil: Type.Union([Type.Integer(), Type.Null()]),
});
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

/** POST /api/admin/users: without a password (local users) a random one is made and returned once. */
export const CreateUserInputSchema = Type.Object(
  {
    username: Type.String({ pattern: USERNAME_PATTERN, maxLength: 64 }),
    displayName: DisplayName,
    roleIds: RoleIds,
    password: Type.Optional(Password),
    authSource: Type.Optional(literalUnion(AUTH_SOURCES)),
  },
  { additionalProperties: false },
);
export type CreateUserInput = Static<typeof CreateUserInputSchema>;

/** PATCH /api/admin/users/{id}: the display name and the language of the user's screens. */
export const UpdateUserInputSchema = Type.Object(
  {
    displayName: Type.Optional(DisplayName),
    language: Type.Optional(literalUnion(USER_LANGUAGES)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserInput = Static<typeof UpdateUserInputSchema>;

/** POST /api/admin/users/{id}/reset-password: a given password, or none for a random one. */
export const ResetPasswordInputSchema = Type.Object(
  { password: Type.Optional(Password) },
  { additionalProperties: false },
);
export type ResetPasswordInput = Static<typeof ResetPasswordInputSchema>;

/** A reply carrying a password to show once: the generated one, or null when the administrator gave it. */
export const UserPasswordReplySchema = Type.Object({
  user: AdminUserDetailSchema,
  password: Type.Union([Type.String(), Type.Null()]),
});
export type UserPasswordReply = Static<typeof UserPasswordReplySchema>;

/** A PV group (area) as a role's scope offers it (GET /api/admin/pv-groups). */
export const ScopePvGroupSchema = Type.Object({
  id: Type.Integer(),
  station: Type.Integer(),
  name: Type.String(),
});
export type ScopePvGroup = Static<typeof ScopePvGroupSchema>;

/** Why the server refused a change of users or roles; each has a text in the catalogues. */
export const USER_ADMIN_REFUSALS = [
  'forbidden',
  'invalidUsername',
  'userExists',
  'unknownUser',
  'unknownRole',
  'roleExists',
  'builtInRole',
  'unknownStation',
  'unknownPvGroup',
  'lastUserManager',
  'selfDisable',
  'passwordPolicy',
  'domainUser',
  'licenseActiveUsers',
] as const;
export type UserAdminRefusal = (typeof USER_ADMIN_REFUSALS)[number];
