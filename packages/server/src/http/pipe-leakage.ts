import { Type } from 'typebox';
import { PipeLeakageConfigSchema, type PipeLeakageConfig } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';
import type { RouteOptions } from '../services.js';

const StationPipeLeakageSchema = Type.Intersect([
  PipeLeakageConfigSchema,
  Type.Object({ stationNr: Type.Integer() }),
]);

/**
 * Pipe-leakage measurements with the station they belong to (the station of their flow PV), of
 * the stations the user may read: a station page lists its own and follows them on the
 * pipeleakage channel, which names measurements by id only.
 */
export const pipeLeakageRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights } = services;
  const { pipeLeakage } = services.domain;
  app.get(
    '/api/PipeLeakage/configs',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags: ['pipe leakage'],
        summary: "Pipe-leakage measurements of the stations the user may read, with each one's station",
        querystring: Type.Object(
          { stationNr: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(StationPipeLeakageSchema) },
      },
    },
    async (request): Promise<(PipeLeakageConfig & { stationNr: number })[]> => {
      const actor = actorOf(request);
      const wanted = request.query.stationNr;
      const shown: (PipeLeakageConfig & { stationNr: number })[] = [];
      for (const config of pipeLeakage.configs()) {
        const stationNr = pipeLeakage.stationOf(config.pipeLeakageId);
        if (stationNr === null || (wanted !== undefined && stationNr !== wanted)) continue;
        if (rights.onStation(actor, 'read', stationNr)) shown.push({ ...config, stationNr });
      }
      return shown;
    },
  );
};
