import { CSRF_HEADER } from '@leitwarte/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActiveSession } from '../auth/sessions.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import type { RouteOptions } from '../services.js';
import type { ServerPaths } from './server-paths.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set by the guard for every route that is not public. */
    session: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers without a session: the login form's calls, the API documentation, the
     * web app, health, and the live channels' negotiate (which admits by session itself).
     * Every other route needs a session, and its state changes the CSRF token, by default.
     */
    public?: boolean;
    /** Set by declarePublic for routes of plugins we do not declare ourselves. */
    publicGroup?: 'documentation' | 'web app files';
  }
}

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

/** What the guard audits of a refusal: the matched route, never the raw address text. */
function routeName(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
}

/**
 * Deny by default. The guard decides on the route the router matched (its config), never on
 * the address as sent: however a path is spelled (percent-encoding, case, dots, slashes), it
 * reaches a route only through this check. Every route needs a live session unless it is
 * declared `config: { public: true }`; every state-changing call needs the session's CSRF
 * token and, on every route, a same-origin Origin when a browser sends one. Unmatched
 * addresses need a session too, except the web app's pages (GET of a path that is not the API's). Refusals are audited
 * (`access.refused`; the audit rate-limits refusal rows, store/audit/refusal-limiter.ts).
 */
export const authGuard = fp<RouteOptions & { serverPaths: ServerPaths }>(
  async (app, { services, serverPaths }) => {
    app.decorateRequest('session', null);
    const audit = (
      request: FastifyRequest,
      reason: string,
      session?: ActiveSession,
      detail: Record<string, unknown> = {},
    ) =>
      services.store.audit.append({
        at: Date.now(),
        userId: session?.userId ?? null,
        username: session?.username ?? null,
        action: 'access.refused',
        object: routeName(request),
        detail: { reason, ...detail },
        remoteAddress: request.ip,
      });
    app.addHook('onRequest', async (request, reply) => {
      const writes = !SAFE_METHODS.has(request.method);
      if (writes && !originAllowed(request, services.config.allowedOrigins)) {
        await audit(request, 'originRefused', undefined, { origin: request.headers.origin ?? null });
        return refuse(reply, 403, 'originRefused', 'Origin not allowed');
      }
      if (request.routeOptions.config.public === true) return;
      // Unmatched: the web app's pages are public; anything else needs a session even to learn
      // that it does not exist.
      if (request.is404 && !writes && !serverPaths.matches(request.url.split('?', 1)[0] ?? '')) return;
      const session = await services.sessions.resolve(request.cookies[SESSION_COOKIE]);
      if (session === null) {
        await audit(request, 'notLoggedIn');
        return refuse(reply, 401, 'notLoggedIn', 'Not logged in or session expired');
      }
      if (writes && request.headers[CSRF_HEADER] !== session.csrfToken) {
        await audit(request, 'csrfTokenIncorrect', session);
        return refuse(reply, 403, 'csrfTokenIncorrect', 'CSRF token missing or incorrect');
      }
      request.session = session;
      // A state-changing call is user activity; reads may come from screens refreshing on their own.
      if (writes) await services.sessions.touch(session.sessionId);
    });
  },
);

/** The session of a guarded route (the guard has set it). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  // Cannot happen for a route without `public`: the guard answered 401 before the handler.
  // A public route that asks for a session is a programming error; the error handler hides it.
  if (request.session === null) throw new Error('route is not behind the auth guard');
  return request.session;
}

/**
 * Declares every route registered in this (encapsulated) plugin public, for plugins whose
 * routes we do not declare ourselves (the documentation browser, the web app's static files).
 */
export function declarePublic(app: FastifyInstance, group: 'documentation' | 'web app files'): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true, publicGroup: group };
  });
}
