import {
  PriorityOutputOptionsSchema,
  StationCallReplySchema,
  StationCallRequestSchema,
  type StationCallReply,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const ERROR_REPLY = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.Optional(Type.String()),
  message: Type.String(),
});

const list = (numbers: readonly number[]) => numbers.join(', ');

/**
 * Station call and priority-output options (calls §7 Stations). Dialing needs the right dial on
 * every station of the call: a station that is unknown or not allowed refuses the whole call.
 */
export const stationCallRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { store, plant, rights, domain } = services;
  const configs = domain.pvConfigWrites;

  app.post(
    '/api/station/call',
    {
      preHandler: requireRight(services, 'dial'),
      schema: {
        tags: ['station'],
        summary: 'Connects, disconnects or queries the status of stations',
        body: StationCallRequestSchema,
        response: { 200: StationCallReplySchema, 400: ERROR_REPLY },
      },
    },
    async (request): Promise<StationCallReply> => {
      const actor = actorOf(request);
      const { action, stations } = request.body;
      const numbers = [...new Set(stations)];
      const reply: StationCallReply = {
        status: 'Success',
        missing: numbers.filter((nr) => plant.station(nr) === undefined),
        notCallable: [],
        unauthorized: [],
        errorMessage: null,
      };
      reply.unauthorized = numbers.filter(
        (nr) => plant.station(nr) !== undefined && !rights.onStation(actor, 'dial', nr),
      );
      const audit = (kind: string, object: string, detail: Record<string, unknown>) =>
        store.audit.append({
          at: Date.now(),
          userId: actor.userId,
          username: actor.username,
          action: kind,
          object,
          newValue: action,
          detail,
          remoteAddress: actor.remoteAddress,
        });
      if (reply.missing.length > 0 || reply.unauthorized.length > 0) {
        reply.status = reply.missing.length > 0 ? 'Failed' : 'Unauthorized';
        reply.errorMessage =
          reply.missing.length > 0
            ? `Stationen ohne Konfiguration: ${list(reply.missing)}`
            : `Keine Rechte zum Anwählen der Stationen: ${list(reply.unauthorized)}`;
        await audit('station.call.refused', `Stationen ${list(numbers)}`, {
          reason: reply.errorMessage,
          missing: reply.missing,
          unauthorized: reply.unauthorized,
        });
        return reply;
      }
      const reasons: string[] = [];
      for (const nr of numbers) {
        try {
          await plant.dial(nr, action);
          await audit('station.call', `Station ${nr}`, { station: nr });
        } catch (error) {
          reply.notCallable.push(nr);
          reasons.push(`${nr}: ${(error as Error).message}`);
        }
      }
      if (reply.notCallable.length > 0) {
        reply.status = 'Failed';
        reply.errorMessage = `Stationen nicht anwählbar: ${reasons.join('; ')}`;
        await audit('station.call.refused', `Stationen ${list(reply.notCallable)}`, {
          reason: reply.errorMessage,
          notCallable: reply.notCallable,
        });
      }
      return reply;
    },
  );

  app.get(
    '/api/station/AckPriorityOutputOptions',
    {
      schema: {
        tags: ['station'],
        summary: 'Stations and PV areas whose priority outputs the user may acknowledge',
        response: { 200: PriorityOutputOptionsSchema },
      },
    },
    async (request) => configs.priorityOutputOptions(actorOf(request)),
  );
};
