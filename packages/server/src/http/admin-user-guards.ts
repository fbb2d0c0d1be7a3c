import { meetsPasswordPolicy, type AdminUserDetail, type AuthSource } from '@leitwarte/core';
import type { FastifyReply } from 'fastify';
import { isLockedOut } from '../auth/user-state.js';
import { UserInputError } from '../auth/users.js';
import type { Services } from '../services.js';
import type { UserRow } from '../store/index.js';
import type { RequestActor } from './request-actor.js';

/** A user as the administration shows it: profile, state, second factor and roles. */
export function adminUserView(services: Pick<Services, 'rights'>, user: UserRow): AdminUserDetail {
  return {
    id: user.id,
    username: user.username,
    displayName: user.display_name,
    language: user.language,
    authSource: (user.auth_source === 'domain' ? 'domain' : 'local') satisfies AuthSource,
    disabled: user.disabled === 1,
    secondFactor: user.totp_enabled === 1,
    roleIds: [...services.rights.roleIdsOf(user.id)],
    lockedUntil: isLockedOut(user) ? user.locked_until : null,
  };
}

/** A password an administrator types must meet the password policy of the system config. */
export function checkGivenPassword(services: Pick<Services, 'domain'>, password: string | undefined): void {
  if (password === undefined) return;
  if (!meetsPasswordPolicy(services.domain.systemConfig.get().passwordPolicy, password)) {
    throw new UserInputError('Das Passwort erfüllt die Passwortrichtlinie nicht.', 'passwordPolicy');
  }
}

/**
 * Disabling must leave the plant manageable: nobody disables themselves, and some other enabled
 * user must still hold manageUsers afterwards.
 */
export async function checkMayDisable(
  services: Pick<Services, 'rights' | 'store'>,
  actor: RequestActor,
  target: UserRow,
): Promise<void> {
  if (target.id === actor.userId) {
    throw new UserInputError('Sie können sich nicht selbst deaktivieren.', 'selfDisable', 409);
  }
  if (target.disabled === 1 || !services.rights.has({ userId: target.id }, 'manageUsers')) return;
  const others = (await services.store.users.list()).filter((u) => u.id !== target.id && u.disabled === 0);
  if (!others.some((u) => services.rights.has({ userId: u.id }, 'manageUsers'))) {
    throw new UserInputError(
      'Danach könnte niemand mehr Benutzer verwalten; die Änderung wurde nicht gespeichert.',
      'lastUserManager',
      409,
    );
  }
}

const STATUS_NAMES = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' } as const;

/**
 * Answers a refused change in the error shape every route uses and audits the attempt; other
 * errors go on to the error handler.
 */
export async function refuseUserChange(
  services: Pick<Services, 'store'>,
  reply: FastifyReply,
  actor: RequestActor,
  action: string,
  object: string,
  error: unknown,
) {
  if (!(error instanceof UserInputError)) throw error;
  await services.store.audit.append({
    at: Date.now(),
    userId: actor.userId,
    username: actor.username,
    action: `${action}.refused`,
    object,
    detail: { code: error.code, message: error.message },
    remoteAddress: actor.remoteAddress,
  });
  return reply.code(error.status).send({
    statusCode: error.status,
    error: STATUS_NAMES[error.status],
    code: error.code,
    message: error.message,
  });
}
