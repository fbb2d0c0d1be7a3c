import { CSRF_HEADER } from '@leitwarte/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveSession } from '../auth/sessions.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import type { RouteOptions } from '../services.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set for every /api route that is not public. */
    session: ActiveSession | null;
  }
}

/**
 * API paths reachable without a session: the login form's own calls, the API documentation,
 * and the remote alarm's confirmations (the token or the gateway's secret is the authority).
 */
const PUBLIC = [
  '/api/auth/csrf',
  '/api/auth/bot-check',
  '/api/auth/login',
  '/api/auth/login/verify',
  '/api/auth/logout',
  '/api/RemoteAlert/confirmation',
  '/api/RemoteAlert/sms-reply',
];
const isPublic = (path: string) =>
  PUBLIC.includes(path) || path === '/api/docs' || path.startsWith('/api/docs/');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(reply: FastifyReply, statusCode: 401 | 403, code: string, message: string) {
  return reply
    .code(statusCode)
    .send({ statusCode, error: statusCode === 401 ? 'Unauthorized' : 'Forbidden', code, message });
}

/** Origin of a state-changing request must be ours (or allowed); absent Origin is a non-browser client. */
function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Deny by default: every /api route needs a live session, except the public ones; every
 * state-changing call needs the session's CSRF token and a same-origin Origin.
 */
export const authGuard = fp<RouteOptions>(async (app, { services }) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (!path.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(request.method) && !originAllowed(request, services.config.allowedOrigins)) {
      return refuse(reply, 403, 'originRefused', 'Origin not allowed');
    }
    if (isPublic(path)) return;
    const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
    if (session === null) return refuse(reply, 401, 'notLoggedIn', 'Not logged in or session expired');
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== session.csrfToken) {
      return refuse(reply, 403, 'csrfTokenIncorrect', 'CSRF token missing or incorrect');
    }
    request.session = session;
    // A state-changing call is user activity; reads may come from screens refreshing on their own.
    if (!SAFE_METHODS.has(request.method)) await services.sessions.touch(session.sessionId);
  });
});

/** The session of a guarded route (the guard has set it). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (request.session === null) throw new Error('route is not behind the auth guard');
  return request.session;
}
