import { pvKey, type MaintenancePvQuery, type PvRef, type RightName } from '@leitwarte/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MaintenanceInputError } from '../plant/maintenance/index.js';
import type { Services } from '../services.js';
import { FORBIDDEN_MESSAGE } from './require-right.js';
import { actorOf } from './request-actor.js';

/** The PV a maintenance query names. */
export const pvOf = (query: MaintenancePvQuery): PvRef => ({ type: query.pvType, nr: query.pvNr });

/** Sends the error shape every route uses. */
export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  const error = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    413: 'Payload Too Large',
  }[statusCode];
  return reply.code(statusCode).send({ statusCode, error: error ?? 'Unsupported Media Type', code, message });
}

/** Writes the audit row of a refused maintenance call: who tried what on which object, and why. */
export async function auditRefusal(
  services: Pick<Services, 'store'>,
  request: FastifyRequest,
  action: string,
  object: string,
  detail: Record<string, unknown>,
) {
  const actor = actorOf(request);
  await services.store.audit.append({
    at: Date.now(),
    userId: actor.userId,
    username: actor.username,
    action,
    object,
    detail,
    remoteAddress: actor.remoteAddress,
  });
}

/**
 * Checks a right on one PV; on refusal audits `<action>.refused` and answers 403. Returns
 * whether the call may go on.
 */
export async function allowedOnPv(
  services: Pick<Services, 'store' | 'rights'>,
  request: FastifyRequest,
  reply: FastifyReply,
  right: RightName,
  pv: PvRef,
  action: string,
): Promise<boolean> {
  if (services.rights.onPv(actorOf(request), right, pv)) return true;
  await auditRefusal(services, request, `${action}.refused`, pvKey(pv), { missingRight: right });
  await sendError(reply, 403, 'forbidden', FORBIDDEN_MESSAGE);
  return false;
}

/** Answers 404 for a PV the plant does not know; returns whether it exists. */
export async function pvExists(
  services: Pick<Services, 'plant'>,
  reply: FastifyReply,
  pv: PvRef,
): Promise<boolean> {
  if (services.plant.config(pvKey(pv))) return true;
  await sendError(reply, 404, 'pvNotFound', `Unbekannte Prozessvariable ${pvKey(pv)}.`);
  return false;
}

/** Runs a domain call and turns the domain's input refusal into a 400 saying why. */
export async function orInputError<T>(reply: FastifyReply, work: () => Promise<T> | T) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MaintenanceInputError) return sendError(reply, 400, 'invalidInput', error.message);
    throw error;
  }
}
