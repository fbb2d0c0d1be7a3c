import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  store: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  dataSource: Type.String(),
  uptimeSeconds: Type.Number(),
  process: Type.Object(
    {
      id: Type.String({ description: 'Random per start; names the process in logs and metrics' }),
      field: Type.Union([Type.Literal('owner'), Type.Literal('follower'), Type.Literal('starting')], {
        description:
          'owner: this process runs data acquisition and the engines; follower: it passes API and hub traffic to the owner',
      }),
      owner: Type.Union([Type.String(), Type.Null()], {
        description: 'Address of the process that owns the field; null while none does (takeover)',
      }),
      backplane: Type.Union([
        Type.Literal('in-process'),
        Type.Literal('connected'),
        Type.Literal('reconnecting'),
      ]),
    },
    { description: 'This process among several (docs/scale-out.md)' },
  ),
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
      const { scale } = services;
      const role = scale.field.role();
      const election = scale.field.owner()?.state();
      const owner = election?.holderAddress ?? null;
      // A follower reports the owner's data source only through the owner's own /healthz.
      const dataSource = role === 'owner' ? services.plant.connectionState() : 'at the owner';
      // Without an owner (or with one that no longer answers) the plant is not watched:
      // degraded, though this process itself is fine. The web client's header says so.
      const healthy = store === 'ok' && !scale.field.ownerLost();
      const status = healthy ? ('ok' as const) : ('degraded' as const);
      return reply.code(store === 'ok' ? 200 : 503).send({
        status,
        store,
        dataSource,
        uptimeSeconds: Math.round(process.uptime()),
        process: {
          id: scale.processId,
          field: role,
          owner,
          backplane:
            scale.redis === null
              ? 'in-process'
              : scale.redis.stats().connected
                ? 'connected'
                : 'reconnecting',
        },
      });
    },
  );
};
