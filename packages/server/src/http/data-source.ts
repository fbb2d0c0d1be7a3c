import { SERVER_INFO_MESSAGE_MAX, ErrorReply, serverStatusOfSource } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ActiveSession } from '../auth/sessions.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';

const StatusReply = Type.Object({
  connectionState: Type.String({ description: 'Connected, Connecting or Disconnected' }),
  serverStatus: Type.String({ description: 'What the server-status channel reports' }),
});

/** Administrators only; anybody else gets 403 and nothing happens. */
function administrator(request: FastifyRequest, reply: FastifyReply): ActiveSession | null {
  const session = sessionOf(request);
  if (session.role === 'administrator') return session;
  void reply.code(403).send({
    statusCode: 403,
    error: 'Forbidden',
    code: 'notAdministrator',
    message: 'Only administrators may do this',
  });
  return null;
}

/**
 * Administration of the live layer: drop and restore the data source's connection (the
 * server-status channel reports it; the simulator then reports every value Bad and, when
 * restored, current values again), and broadcast a text to every session (sendServerInfoMessage).
 */
export const dataSourceRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { plant, store } = services;
  const status = () => {
    const connectionState = plant.connectionState();
    return { connectionState, serverStatus: serverStatusOfSource(connectionState) };
  };

  app.get(
    '/api/admin/data-source/connection',
    {
      schema: {
        tags: ['admin'],
        summary: "The data source's connection state",
        response: { 200: StatusReply, 403: ErrorReply },
      },
    },
    async (request, reply) => (administrator(request, reply) === null ? reply : status()),
  );

  app.post(
    '/api/admin/data-source/connection',
    {
      schema: {
        tags: ['admin'],
        summary: "Drops (connected: false) or restores (true) the data source's connection",
        body: Type.Object({ connected: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: StatusReply, 403: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = administrator(request, reply);
      if (session === null) return reply;
      if (plant.setSourceConnected === undefined) {
        return reply.code(409).send({
          statusCode: 409,
          error: 'Conflict',
          code: 'notSupported',
          message: 'The data source cannot be disconnected on request',
        });
      }
      const before = plant.connectionState();
      plant.setSourceConnected(request.body.connected);
      await store.audit.append({
        at: Date.now(),
        userId: session.userId,
        username: session.username,
        action: 'dataSource.connection',
        object: 'data-source',
        oldValue: before,
        newValue: request.body.connected ? 'Connected' : 'Disconnected',
        remoteAddress: request.ip,
      });
      return status();
    },
  );

  app.post(
    '/api/admin/server-info-message',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sends a text to every connected session (server-status channel, sendServerInfoMessage)',
        body: Type.Object(
          { message: Type.String({ minLength: 1, maxLength: SERVER_INFO_MESSAGE_MAX }) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const session = administrator(request, reply);
      if (session === null) return reply;
      const message = request.body.message.trim();
      if (message.length === 0) {
        return reply
          .code(400)
          .send({ statusCode: 400, error: 'Bad Request', code: 'emptyMessage', message: 'message is empty' });
      }
      const timestamp = Date.now();
      app.hubs.broadcastServerInfo({ message, timestamp, from: session.username });
      await store.audit.append({
        at: timestamp,
        userId: session.userId,
        username: session.username,
        action: 'serverInfo.send',
        object: 'server-status',
        newValue: message,
        remoteAddress: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
