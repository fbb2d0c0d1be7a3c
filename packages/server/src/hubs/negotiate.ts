import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorReply } from '@leitwarte/core';
import type { HubServer } from './hub-server.js';

/** Only WebSockets: the one transport our server speaks (both frame kinds, as ASP.NET offers). */
const TRANSPORTS = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];

const NegotiateReply = Type.Object({
  connectionId: Type.String(),
  connectionToken: Type.Optional(Type.String({ description: 'Secret id for ?id= (version 1 only)' })),
  negotiateVersion: Type.Integer(),
  availableTransports: Type.Array(
    Type.Object({ transport: Type.String(), transferFormats: Type.Array(Type.String()) }),
  ),
});

const schema = {
  tags: ['hubs'],
  summary: 'SignalR negotiate for a live channel',
  description:
    'Reserves a connection for the WebSocket at /hubs/{hub}?id={connectionToken} (version 1) or ' +
    '?id={connectionId} (version 0). Requires a session; the id expires when no socket claims it.',
  params: Type.Object({ hub: Type.String() }),
  // Other query parameters are allowed: the client keeps the hub URL's own query string.
  querystring: Type.Object({ negotiateVersion: Type.Optional(Type.Integer({ minimum: 0 })) }),
  response: { 200: NegotiateReply, '4xx': ErrorReply, 503: ErrorReply },
};

function errorReply(statusCode: number, message: string): ErrorReply {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** `POST /hubs/{hub}/negotiate` for every hub (negotiate versions 0 and 1). */
export async function registerNegotiateRoute(fastify: FastifyInstance, hubs: HubServer): Promise<void> {
  // Encapsulated so the content type parser below applies to this route only.
  await fastify.register(async (scope) => {
    // The official client posts an empty body, with or without a content type; nothing is read,
    // but a body is still consumed under a small limit instead of being refused as bad JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, _body, done) => {
      done(null, undefined);
    });
    scope.post<{ Params: { hub: string }; Querystring: { negotiateVersion?: number } }>(
      '/hubs/:hub/negotiate',
      // Public to the guard: admission checks Origin and session itself, as the upgrade does.
      { schema, config: { public: true } },
      async (request, reply) => {
        const { hub } = request.params;
        const admission = await hubs.admit(hub, {
          cookie: request.headers.cookie,
          origin: request.headers.origin,
          host: request.headers.host,
        });
        if (!admission.ok)
          return reply.code(admission.status).send(errorReply(admission.status, admission.message));
        // Versions above 1 get 1, our highest (TransportProtocols.md); absent means 0.
        const version = (request.query.negotiateVersion ?? 0) >= 1 ? 1 : 0;
        const signer = hubs.signerFor(hub);
        const ids = signer
          ? signer.issue(hub, admission.principal.sessionId, version)
          : hubs.registry.negotiate(hub, admission.principal.sessionId, version);
        if (ids === null) return reply.code(429).send(errorReply(429, 'Too many unclaimed connections.'));
        void reply.header('Cache-Control', 'no-store');
        return version === 1
          ? { ...ids, negotiateVersion: 1, availableTransports: TRANSPORTS }
          : {
              // Version 0: the connection id is what the client sends back, so it is the token.
              connectionId: signer ? ids.connectionToken : ids.connectionId,
              negotiateVersion: 0,
              availableTransports: TRANSPORTS,
            };
      },
    );
  });
}
