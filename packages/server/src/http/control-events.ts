import { ControlEventsReplySchema, ErrorReply, ListRangeQuerySchema } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';
import { listRange, sendInvalidRange } from './list-range.js';
import { requireRight } from './require-right.js';

/**
 * Control events (screens §7): the system event archive, the audit log's operator actions and
 * the system events merged newest first. It is the plant's log book: whoever may read sees the
 * entries of every user (the reply carries no addresses or details).
 */
export const controlEventsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/api/controlevent/events',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags: ['control events'],
        summary: 'Audit entries and system events, newest first, at most limit, with the total',
        querystring: ListRangeQuerySchema,
        response: { 200: ControlEventsReplySchema, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const range = listRange(services, request.query, 'eventRequestLimit');
      if (range === null) return sendInvalidRange(reply);
      return services.domain.controlEvents.query(range.start, range.end, range.limit);
    },
  );
};
