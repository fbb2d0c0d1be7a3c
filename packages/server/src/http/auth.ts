import {
  BotCheckChallengeSchema,
  CSRF_HEADER,
  CsrfReplySchema,
  ErrorReply,
  LoginOutcomeSchema,
  LoginRequestSchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createBotCheck } from '../auth/bot-check.js';
import { LOGIN_CSRF_COOKIE, LOGIN_CSRF_TTL_MS } from '../auth/login-csrf.js';
import type { LoginPolicy } from '../auth/login.js';
import { PENDING_LOGIN_COOKIE } from '../auth/pending-login.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import type { RouteOptions } from '../services.js';
import { loginVerifyRoutes, pendingLoginOf } from './auth-verify.js';
import { cookieBase, refuseLogin } from './login-replies.js';
import { userInfo } from './user-info.js';

/** Login form token, bot check, login (and its second step), logout. */
export const authRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const botCheck = await createBotCheck(services.config, services.store.meta);
  const policy: LoginPolicy = { botCheck, lockoutMs: services.config.loginLockoutMs };
  const pending = await pendingLoginOf(services);

  app.get(
    '/api/auth/csrf',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Token for the login form', response: { 200: CsrfReplySchema } },
    },
    async (request, reply) => {
      const { token, nonce, expiresAt } = services.loginCsrf.issue();
      reply.setCookie(LOGIN_CSRF_COOKIE, nonce, {
        ...cookieBase(services, request),
        maxAge: LOGIN_CSRF_TTL_MS / 1000,
      });
      return { csrfToken: token, expiresAt };
    },
  );

  app.get(
    '/api/auth/bot-check',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Bot check for the login: a proof-of-work challenge, or the reCAPTCHA site key',
        response: { 200: BotCheckChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return botCheck.challenge();
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Password login; sets the session cookie, or asks for the second factor',
        body: LoginRequestSchema,
        response: { 200: LoginOutcomeSchema, '4xx': ErrorReply, '5xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const result = await services.login.login(
        request.body,
        request.cookies[LOGIN_CSRF_COOKIE],
        request.ip,
        policy,
      );
      if (result.ok === false) return refuseLogin(reply, result.code);
      if (result.ok === 'secondFactor') {
        const { token, expiresAt } = pending.issue(result.userId);
        reply.setCookie(PENDING_LOGIN_COOKIE, token, {
          ...cookieBase(services, request),
          path: '/api/auth/login',
          maxAge: Math.ceil((expiresAt - Date.now()) / 1000),
        });
        return { secondFactorRequired: true as const, expiresAt };
      }
      reply.clearCookie(LOGIN_CSRF_COOKIE, cookieBase(services, request));
      reply.setCookie(SESSION_COOKIE, result.secret, cookieBase(services, request));
      return { user: userInfo(result.session, services.sessions.idleMs) };
    },
  );

  await app.register(loginVerifyRoutes, { services, pending, policy });

  app.post(
    '/api/auth/logout',
    {
      // Public: logging out without a (live) session still clears the cookie; with one, the
      // handler checks its CSRF token.
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session on the server and clears its cookie',
        response: { 204: Type.Null(), 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (session !== null) {
        if (request.headers[CSRF_HEADER] !== session.csrfToken) {
          return reply.code(403).send({
            statusCode: 403,
            error: 'Forbidden',
            code: 'csrfTokenIncorrect',
            message: 'CSRF token missing',
          });
        }
        await services.login.logout(session, request.ip);
      }
      reply.clearCookie(SESSION_COOKIE, cookieBase(services, request));
      return reply.code(204).send(null);
    },
  );
};
