import {
  AccountInfoSchema,
  DOMAIN_PASSWORD_CHANGE_REFUSED,
  ErrorReply,
  PasswordChangeReplySchema,
  PasswordChangeSchema,
  UserInfoSchema,
  passwordChangeIssues,
  type AccountInfo,
  type AuthSource,
  type PasswordChangeReply,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { actorOf } from './request-actor.js';
import { userInfo } from './user-info.js';

const userNotFound = {
  statusCode: 404,
  error: 'Not Found',
  code: 'userNotFound',
  message: 'Benutzer nicht gefunden.',
};

/** Only 'domain' and 'local' exist; anything else is treated as local, where the password lives here. */
const authSourceOf = (value: string): AuthSource => (value === 'domain' ? 'domain' : 'local');

/** The logged-in user's own data (calls §7 User). */
export const userManagementRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/api/UserManagement/info',
    { schema: { tags: ['user'], summary: 'The logged-in user', response: { 200: UserInfoSchema } } },
    async (request) => userInfo(sessionOf(request), services.sessions.idleMs),
  );

  app.get(
    '/api/UserManagement/account',
    {
      schema: {
        tags: ['user'],
        summary: "The logged-in user's own account: names, language and where the password lives",
        response: { 200: AccountInfoSchema, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = await services.store.users.byId(actorOf(request).userId);
      if (user === undefined) return reply.code(404).send(userNotFound);
      const account: AccountInfo = {
        username: user.username,
        displayName: user.display_name,
        language: user.language,
        authSource: authSourceOf(user.auth_source),
      };
      return account;
    },
  );

  app.post(
    '/api/UserManagement/renew-lease',
    {
      schema: {
        tags: ['user'],
        summary: 'The user is active: the session idle timeout starts again',
        response: { 200: Type.Object({ idleTimeoutMs: Type.Integer() }) },
      },
    },
    async (request) => {
      await services.sessions.touch(sessionOf(request).sessionId);
      return { idleTimeoutMs: services.sessions.idleMs };
    },
  );

  app.post(
    '/api/UserManagement/change-password',
    {
      schema: {
        tags: ['user'],
        summary: 'Changes the own password under the password policy of the system config',
        body: PasswordChangeSchema,
        response: { 200: PasswordChangeReplySchema },
      },
    },
    async (request): Promise<PasswordChangeReply> => {
      const actor = actorOf(request);
      const user = await services.store.users.byId(actor.userId);
      if (user === undefined)
        return { status: 'Failed', errorMessage: 'Benutzer nicht gefunden.', issues: [] };
      const audit = {
        at: Date.now(),
        userId: actor.userId,
        username: actor.username,
        object: `user:${user.username}`,
        remoteAddress: actor.remoteAddress,
      };
      // The directory holds the password of a domain user; a password set here would never be used.
      if (authSourceOf(user.auth_source) === 'domain') {
        await services.store.audit.append({
          ...audit,
          action: 'user.password-change.refused',
          detail: { reason: 'domainManaged' },
        });
        return { status: 'Failed', errorMessage: DOMAIN_PASSWORD_CHANGE_REFUSED, issues: [] };
      }
      const policy = services.domain.systemConfig.get().passwordPolicy;
      const issues = passwordChangeIssues(policy, request.body);
      // The old password is checked even when the new one is refused, so the reply never tells
      // a stranger at an open session that a guess was right.
      if (!(await verifyPassword(user.password_hash, request.body.oldPassword)))
        issues.unshift('oldPasswordWrong');
      if (issues.length > 0) {
        await services.store.audit.append({
          ...audit,
          action: 'user.password-change.refused',
          detail: { issues },
        });
        return { status: 'Failed', errorMessage: 'Das Passwort wurde nicht geändert.', issues };
      }
      await services.store.users.setPassword(
        user.id,
        await hashPassword(request.body.newPassword),
        Date.now(),
      );
      await services.store.audit.append({ ...audit, action: 'user.password-change' });
      return { status: 'Success', errorMessage: '', issues: [] };
    },
  );
};
