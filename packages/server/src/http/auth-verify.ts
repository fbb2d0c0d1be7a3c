import { randomBytes } from 'node:crypto';
import { ErrorReply, LoginReplySchema, LoginVerifyRequestSchema } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LOGIN_CSRF_COOKIE } from '../auth/login-csrf.js';
import type { LoginPolicy } from '../auth/login.js';
import { createPendingLogin, PENDING_LOGIN_COOKIE, type PendingLogin } from '../auth/pending-login.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import type { RouteOptions, Services } from '../services.js';
import { cookieBase, refuseLogin } from './login-replies.js';
import { userInfo } from './user-info.js';

/** The signer of pending logins, with a key kept in the store so every server process shares it. */
export async function pendingLoginOf(services: Services): Promise<PendingLogin> {
  const key = await services.store.meta.getOrInsert('login_pending_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  return createPendingLogin(key);
}

/** POST /api/auth/login/verify: the second step of a login with a second factor. */
export const loginVerifyRoutes: FastifyPluginAsyncTypebox<
  RouteOptions & { pending: PendingLogin; policy: LoginPolicy }
> = async (app, { services, pending, policy }) => {
  app.post(
    '/api/auth/login/verify',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Second step of a login: a code of the authenticator app or a recovery code',
        body: LoginVerifyRequestSchema,
        response: { 200: LoginReplySchema, '4xx': ErrorReply, '5xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const csrf = services.loginCsrf.check(request.body.csrfToken, request.cookies[LOGIN_CSRF_COOKIE]);
      if (csrf !== 'ok')
        return refuseLogin(reply, csrf === 'expired' ? 'csrfTokenExpired' : 'csrfTokenIncorrect');
      const token = request.cookies[PENDING_LOGIN_COOKIE];
      const state = pending.check(token);
      const pendingCookie = { ...cookieBase(services, request), path: '/api/auth/login' };
      if (!state.ok) {
        reply.clearCookie(PENDING_LOGIN_COOKIE, pendingCookie);
        return refuseLogin(reply, 'loginTimeLimitExceeded');
      }
      const result = await services.login.verifySecondFactor(
        state.userId,
        request.body.code,
        request.ip,
        policy,
      );
      if (result.ok !== true) {
        // A lockout or a void step ends the pending login; a mistyped code may be corrected.
        if (result.ok === false && result.code !== 'secondFactorCodeInvalid') {
          pending.spend(token);
          reply.clearCookie(PENDING_LOGIN_COOKIE, pendingCookie);
        }
        return refuseLogin(reply, result.ok === false ? result.code : 'loginNotPossible');
      }
      pending.spend(token);
      reply.clearCookie(PENDING_LOGIN_COOKIE, pendingCookie);
      reply.clearCookie(LOGIN_CSRF_COOKIE, cookieBase(services, request));
      reply.setCookie(SESSION_COOKIE, result.secret, cookieBase(services, request));
      return { user: userInfo(result.session, services.sessions.idleMs) };
    },
  );
};
