import { Type, type Static } from 'typebox';
import { literalUnion } from '../contract/common.js';
import { AUTH_SOURCES } from './admin-users.js';

/** GET /api/UserManagement/account: the logged-in user's own account as the account page shows it. */
export const AccountInfoSchema = Type.Object({
  username: Type.String(),
  displayName: Type.String(),
  language: Type.String(),
  /** 'domain': the password lives in the utility's directory and is changed there (screens §5). */
  authSource: literalUnion(AUTH_SOURCES),
});
export type AccountInfo = Static<typeof AccountInfoSchema>;

/** The refusal text for a password change of a user managed by a domain (screens §5, §8). */
export const DOMAIN_PASSWORD_CHANGE_REFUSED =
  'Ein von einer Domäne verwalteter Benutzer muss das Passwort über die Domäne ändern.';
