import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { declarePublic } from './auth-guard.js';

/** OpenAPI document built from the route schemas, with its browser at /api/docs. */
export const apiDocs = fp<{ version: string }>(async (app, { version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Leitwarte API',
        version,
        description:
          'Calls of the Leitwarte web client. Every call except the login form needs the session cookie; ' +
          'state-changing calls also need the header x-csrf-token with the token of GET /api/UserManagement/info.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lw_session' } },
      },
      security: [{ session: [] }],
    },
  });
  // Encapsulated, so only the documentation's own routes are declared public.
  await app.register(async (docs) => {
    declarePublic(docs, 'documentation');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
