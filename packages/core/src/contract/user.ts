import { Type, type Static } from 'typebox';

/** Login payload of screens §3: csrfToken, recaptchaToken, username, password. */
export const LoginRequestSchema = Type.Object(
  {
    csrfToken: Type.String({ minLength: 1, maxLength: 512 }),
    recaptchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
    username: Type.String({ minLength: 1, maxLength: 128 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** GET /api/auth/csrf: a token for the login form, bound to a short-lived cookie. */
export const CsrfReplySchema = Type.Object({ csrfToken: Type.String(), expiresAt: Type.Number() });
export type CsrfReply = Static<typeof CsrfReplySchema>;

/** GET /api/UserManagement/info: the logged-in user. */
export const UserInfoSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  displayName: Type.String(),
  role: Type.String(),
  language: Type.String(),
  /** Token to send as X-CSRF-Token with every state-changing call of this session. */
  csrfToken: Type.String(),
  /** Idle timeout of the session on the server, in milliseconds. */
  idleTimeoutMs: Type.Integer(),
});
export type UserInfo = Static<typeof UserInfoSchema>;

export const LoginReplySchema = Type.Object({ user: UserInfoSchema });
export type LoginReply = Static<typeof LoginReplySchema>;

/** Roles the product ships with; rights per role come with the rights model. */
export const USER_ROLES = ['administrator', 'operator', 'maintenance', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];
