import {
  CSRF_HEADER,
  CsrfReplySchema,
  ErrorReply,
  LoginReplySchema,
  LoginRequestSchema,
} from '@leitwarte/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LOGIN_CSRF_COOKIE, LOGIN_CSRF_TTL_MS } from '../auth/login-csrf.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import type { RouteOptions } from '../services.js';
import { userInfo } from './user-info.js';

const LOGIN_STATUS = {
  invalidCredentials: 401,
  lockedOut: 423,
  csrfTokenExpired: 403,
  csrfTokenIncorrect: 403,
  recaptchaNotValidated: 403,
  loginNotPossible: 503,
  loginTimeLimitExceeded: 403,
  userNotLoaded: 500,
} as const;

const LOGIN_MESSAGE: Record<keyof typeof LOGIN_STATUS, string> = {
  invalidCredentials: 'Invalid credentials',
  lockedOut: 'User is locked out for 5 minutes after too many invalid login attempts',
  csrfTokenExpired: 'CSRF token expired, try again',
  csrfTokenIncorrect: 'Transmitted token is incorrect',
  recaptchaNotValidated: 'Bot check could not be validated',
  loginNotPossible: 'Login currently not possible, try later',
  loginTimeLimitExceeded: 'Login time limit exceeded, try again',
  userNotLoaded: 'User could not be loaded',
};

/** Login form token, login and logout. */
export const authRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const cookieBase = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: services.config.secureCookies || request.protocol === 'https',
  });

  app.get(
    '/api/auth/csrf',
    { schema: { tags: ['auth'], summary: 'Token for the login form', response: { 200: CsrfReplySchema } } },
    async (request, reply) => {
      const { token, nonce, expiresAt } = services.loginCsrf.issue();
      reply.setCookie(LOGIN_CSRF_COOKIE, nonce, { ...cookieBase(request), maxAge: LOGIN_CSRF_TTL_MS / 1000 });
      return { csrfToken: token, expiresAt };
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Password login; sets the session cookie',
        body: LoginRequestSchema,
        response: { 200: LoginReplySchema, '4xx': ErrorReply, '5xx': ErrorReply },
      },
    },
    async (request, reply) => {
      const result = await services.login.login(request.body, request.cookies[LOGIN_CSRF_COOKIE], request.ip);
      if (!result.ok) {
        const statusCode = LOGIN_STATUS[result.code];
        return reply.code(statusCode).send({
          statusCode,
          error: 'Login refused',
          code: result.code,
          message: LOGIN_MESSAGE[result.code],
        });
      }
      reply.clearCookie(LOGIN_CSRF_COOKIE, cookieBase(request));
      reply.setCookie(SESSION_COOKIE, result.secret, cookieBase(request));
      return { user: userInfo(result.session, services.sessions.idleMs) };
    },
  );

  app.post(
    '/api/auth/logout',
    {
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
      reply.clearCookie(SESSION_COOKIE, cookieBase(request));
      return reply.code(204).send(null);
    },
  );
};
