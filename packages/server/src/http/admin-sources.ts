import {
  BrowseReplySchema,
  SourceListSchema,
  SourceStatusSchema,
  type SourceRefusal,
  type SourceStatusView,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { OperatedSource } from '../sources/field/field-types.js';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';
import { RefusalReply } from './route-schemas.js';

const SourceParams = Type.Object(
  { id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }) },
  { additionalProperties: false },
);
const BrowseQuery = Type.Object(
  { nodeId: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })) },
  { additionalProperties: false },
);

/** A source as the screen shows it. */
export function sourceView(source: OperatedSource): SourceStatusView {
  return { ...source.status(), browsable: source.browse !== undefined };
}

const refuse = (reply: FastifyReply, statusCode: 404 | 409 | 502, code: SourceRefusal, message: string) =>
  reply.code(statusCode).send({
    statusCode,
    error: statusCode === 404 ? 'Not Found' : statusCode === 409 ? 'Conflict' : 'Bad Gateway',
    code,
    message,
  });

/**
 * Operating the data sources (manageUsers, like every administration of the server): their
 * state, last error and counters; a restart of one (audited with the state before and after);
 * browsing an OPC UA server's address space to pick NodeIds for the plant file.
 */
export const adminSourcesRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { sources, store } = services;
  const manage = requireRight(services, 'manageUsers');

  app.get(
    '/api/admin/sources',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Every data source: state, last error, counters',
        response: { 200: SourceListSchema },
      },
    },
    async () => ({ sources: sources.list().map(sourceView) }),
  );

  app.post(
    '/api/admin/sources/:id/restart',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: "Closes a source's connection and opens it again at once",
        params: SourceParams,
        response: { 200: SourceStatusSchema, 404: RefusalReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const source = sources.get(request.params.id);
      const audit = (action: string, oldValue: string | null, newValue: string | null) =>
        store.audit.append({
          at: Date.now(),
          userId: actor.userId,
          username: actor.username,
          action,
          object: `source:${request.params.id}`,
          oldValue,
          newValue,
          remoteAddress: actor.remoteAddress,
        });
      if (!source) {
        await audit('source.restart.refused', null, null);
        return refuse(reply, 404, 'unknownSource', `no source "${request.params.id}"`);
      }
      const before = source.status().state;
      await source.restart();
      await audit('source.restart', before, source.status().state);
      return sourceView(source);
    },
  );

  app.get(
    '/api/admin/sources/:id/browse',
    {
      preHandler: manage,
      schema: {
        tags: ['admin'],
        summary: 'Children of a node of an OPC UA source (the Objects folder without nodeId)',
        params: SourceParams,
        querystring: BrowseQuery,
        response: { 200: BrowseReplySchema, 404: RefusalReply, 409: RefusalReply, 502: RefusalReply },
      },
    },
    async (request, reply) => {
      const source = sources.get(request.params.id);
      if (!source) return refuse(reply, 404, 'unknownSource', `no source "${request.params.id}"`);
      if (!source.browse) return refuse(reply, 409, 'notBrowsable', 'only OPC UA sources can be browsed');
      if (source.connectionState() !== 'Connected')
        return refuse(reply, 409, 'sourceNotConnected', 'the source is not connected');
      const nodeId = request.query.nodeId ?? null;
      try {
        return { nodeId, nodes: await source.browse(nodeId) };
      } catch (error) {
        return refuse(reply, 502, 'browseFailed', (error as Error).message);
      }
    },
  );
};
