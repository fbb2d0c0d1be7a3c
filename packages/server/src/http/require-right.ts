import type { RightName } from '@leitwarte/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.js';
import { sessionOf } from './auth-guard.js';

/** Text of a refusal for a missing right (screens §6: insufficient rights for the operation). */
export const FORBIDDEN_MESSAGE = 'Unzureichende Rechte für diese Operation.';

/** Answers 403 for a missing right, in the error shape every route uses. */
export function sendForbidden(reply: FastifyReply) {
  return reply
    .code(403)
    .send({ statusCode: 403, error: 'Forbidden', code: 'forbidden', message: FORBIDDEN_MESSAGE });
}

/**
 * preHandler for routes of a plant-wide right (manage users, edit charts, ...): refuses with 403
 * before the handler runs. The refusal is audited, so an administrator sees who tried what.
 */
export function requireRight(services: Pick<Services, 'rights' | 'store'>, right: RightName) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = sessionOf(request);
    if (services.rights.has(session, right)) return;
    await services.store.audit.append({
      at: Date.now(),
      userId: session.userId,
      username: session.username,
      action: 'access.refused',
      object: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { missingRight: right },
      remoteAddress: request.ip,
    });
    return sendForbidden(reply);
  };
}
