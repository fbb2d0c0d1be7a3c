import type { FastifyRequest } from 'fastify';
import { sessionOf } from './auth-guard.js';

/** The user a route acts for: who the audit names and whose rights decide. */
export interface RequestActor {
  userId: number;
  username: string;
  role: string;
  remoteAddress: string;
}

/** The actor of a guarded route: the session's user and the caller's address (for the audit). */
export function actorOf(request: FastifyRequest): RequestActor {
  const session = sessionOf(request);
  return {
    userId: session.userId,
    username: session.username,
    role: session.role,
    remoteAddress: request.ip,
  };
}
