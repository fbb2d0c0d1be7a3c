import { StationSchema } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';

/** Stations (calls §7 Stations): the read side. */
export const stationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  app.get(
    '/api/station/GetAllStations',
    {
      schema: {
        tags: ['station'],
        summary: 'All stations with dial state, counters and location',
        response: { 200: Type.Array(StationSchema) },
      },
    },
    async () => [...services.plant.stations()],
  );
};
