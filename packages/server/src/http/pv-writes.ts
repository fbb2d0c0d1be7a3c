import {
  PriorityOutputAckQuerySchema,
  PriorityOutputAckReplySchema,
  PvRefListRequestSchema,
  PvWriteReplySchema,
  RuntimesReplySchema,
  SetConfigReplySchema,
  SetLimitsRequestSchema,
  SetPrioritiesRequestSchema,
  SetPvValuesRequestSchema,
  SetRuntimeEntrySchema,
  SetRuntimesReplySchema,
  type RightName,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const BAD_REQUEST = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.Optional(Type.String()),
  message: Type.String(),
});

/**
 * PV writes (calls §7 "PV configuration and values"): set values, reset counters, acknowledge
 * failure inputs and priority outputs, runtimes, limits and digital priorities. A user without
 * the call's right anywhere gets 403; per PV (or station and PV area) the reply lists what was
 * refused, and then nothing is changed.
 */
export const pvWriteRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { domain } = services;
  const values = domain.pvWrites;
  const configs = domain.pvConfigWrites;

  const route = <B extends TSchema, R extends TSchema>(
    right: RightName,
    summary: string,
    body: B,
    reply: R,
  ) => ({
    preHandler: requireRight(services, right),
    schema: { tags: ['pv'], summary, body, response: { 200: reply, 400: BAD_REQUEST } },
  });

  app.post(
    '/api/Pv',
    route(
      'writeValues',
      'Sets AnaOut/DigiOut values within their domain, all or none',
      SetPvValuesRequestSchema,
      PvWriteReplySchema,
    ),
    async (request) => values.setValues(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/counters/reset',
    route(
      'writeValues',
      'Resets resetable counters to 0, all or none',
      PvRefListRequestSchema,
      PvWriteReplySchema,
    ),
    async (request) => values.resetCounters(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/DigiIn/ack',
    route(
      'ackAlerts',
      'Acknowledges failure inputs (state 1 → 2), all or none',
      PvRefListRequestSchema,
      PvWriteReplySchema,
    ),
    async (request) => values.acknowledgeInputs(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/runtimes',
    route(
      'read',
      'Runtimes of DigiIn/AnaIn machines; PVs without any are missing',
      PvRefListRequestSchema,
      RuntimesReplySchema,
    ),
    async (request) => configs.runtimes(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/set-runtimes',
    route(
      'editMaintenance',
      'Sets runtime values and limits (not empty, not negative), all or none',
      Type.Array(SetRuntimeEntrySchema, { minItems: 1, maxItems: 1024 }),
      SetRuntimesReplySchema,
    ),
    async (request) => configs.setRuntimes(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/AnaIn/set-limits',
    route(
      'writeLimits',
      'Sets analog limits (screens §5 limit edit rules), all or none',
      SetLimitsRequestSchema,
      SetConfigReplySchema,
    ),
    async (request) => configs.setLimits(request.body, actorOf(request)),
  );

  app.post(
    '/api/Pv/DigiIn/set-priorities',
    route(
      'writeLimits',
      'Sets alert priorities (0–9) of digital inputs, all or none',
      SetPrioritiesRequestSchema,
      SetConfigReplySchema,
    ),
    async (request) => configs.setDigitalPriorities(request.body, actorOf(request)),
  );

  app.post(
    '/api/pv/PriorityOutputs/Ack',
    {
      preHandler: requireRight(services, 'ackAlerts'),
      schema: {
        tags: ['pv'],
        summary: 'Acknowledges the priority outputs of a station and PV area (its alerts and failure inputs)',
        querystring: PriorityOutputAckQuerySchema,
        response: { 200: PriorityOutputAckReplySchema, 400: BAD_REQUEST },
      },
    },
    async (request) =>
      configs.acknowledgePriorityOutputs(request.query.station, request.query.pvGroup, actorOf(request)),
  );
};
