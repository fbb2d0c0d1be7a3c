import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  store: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  dataSource: Type.String(),
  uptimeSeconds: Type.Number(),
});

/** Liveness and readiness for load balancers and monitoring; no data, no session needed. */
export const healthRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/healthz',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Health of the server',
        response: { 200: HealthReply, 503: HealthReply },
      },
    },
    async (_request, reply) => {
      let store: 'ok' | 'error' = 'ok';
      try {
        await sql`select 1`.execute(services.store.db);
      } catch {
        store = 'error';
      }
      const dataSource = services.plant.connectionState();
      const status = store === 'ok' ? ('ok' as const) : ('degraded' as const);
      return reply
        .code(store === 'ok' ? 200 : 503)
        .send({ status, store, dataSource, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
};
