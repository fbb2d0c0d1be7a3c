import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteOptions } from '../services.js';
import { withAuditTrail, type AuditTrail } from '../store/audit/audit-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    auditTrail: AuditTrail | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The spec's refusals in a 200 reply (`status: Failed | Unauthorized`, calls §3).
const REFUSED_IN_BODY = /^\s*[{[][^]*?"status"\s*:\s*"(Failed|Unauthorized)"/;
const CODE = /"code"\s*:\s*"([^"\\]{1,64})"/;

function refusalOf(statusCode: number, payload: unknown): Record<string, unknown> | null {
  const text = typeof payload === 'string' ? payload.slice(0, 4096) : '';
  if (statusCode >= 400) return { status: statusCode, code: CODE.exec(text)?.[1] ?? null };
  const inBody = REFUSED_IN_BODY.exec(text)?.[1];
  return inBody === undefined ? null : { status: statusCode, replyStatus: inBody };
}

/**
 * Every refused state change leaves an audit row, also where no route wrote one: schema
 * validation (400), a body too large (413), an unknown id (404), a spec refusal in a 200
 * reply. Each request runs with a trail of its own (AsyncLocalStorage); when a refused write
 * ends and nothing of it reached the audit, one `request.refused` row is written before the
 * reply. Rows of refusals are rate-limited by the audit itself.
 */
export const refusalAudit = fp<RouteOptions>(async (app, { services }) => {
  app.decorateRequest('auditTrail', null);
  // The first onRequest hook: every later hook and the handler run inside the trail.
  app.addHook('onRequest', (request, _reply, done) => {
    const trail: AuditTrail = { written: false };
    request.auditTrail = trail;
    withAuditTrail(trail, done);
  });
  app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    if (SAFE_METHODS.has(request.method) || request.auditTrail?.written !== false) return payload;
    const refusal = refusalOf(reply.statusCode, payload);
    if (refusal === null) return payload;
    await services.store.audit.append({
      at: Date.now(),
      userId: request.session?.userId ?? null,
      username: request.session?.username ?? null,
      action: 'request.refused',
      object: `${request.method} ${request.routeOptions.url ?? '(no route)'}`,
      detail: refusal,
      remoteAddress: request.ip,
    });
    return payload;
  });
});
