import {
  ChartConfigQuerySchema,
  ChartConfigSchema,
  ChartDirectorySchema,
  ChartSeriesConfigSchema,
  ErrorReply,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chartIdsOf, filterDirectoryTree } from '../plant/charts/chart-visibility.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { annotationRoutes } from './chart-annotations.js';
import { chartConfigWriteRoutes } from './chart-config-writes.js';
import { sendNotFound, seriesFor } from './chart-replies.js';

/** Chart configs, their writes and annotations (calls §7 Charts); the data calls are in charts-data.ts. */
export const chartsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { charts } = services.domain;
  const tags = ['charts'];
  const Id = Type.Object({ id: Type.Integer({ minimum: 0 }) });

  app.get(
    '/api/charts/config',
    {
      schema: {
        tags,
        summary: 'Directory tree of a chart type; charts of PVs the user may not read are left out',
        querystring: ChartConfigQuerySchema,
        response: { 200: Type.Array(ChartDirectorySchema) },
      },
    },
    async (request) => {
      const tree = await charts.directories(request.query.type, sessionOf(request));
      const visible = new Set<number>();
      for (const id of chartIdsOf(tree))
        if ((await seriesFor(services, request, id)) !== null) visible.add(id);
      return filterDirectoryTree(tree, (id) => visible.has(id));
    },
  );

  app.get(
    '/api/charts/config/:id',
    {
      schema: {
        tags,
        summary: 'One chart config with currentUserCanEdit',
        params: Id,
        response: { 200: ChartConfigSchema, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const config = await charts.config(request.params.id, sessionOf(request));
      if (!config || (await seriesFor(services, request, config.id)) === null)
        return sendNotFound(reply, `Diagramm ${request.params.id} nicht gefunden.`);
      return config;
    },
  );

  app.get(
    '/api/charts/config/:id/series',
    {
      schema: {
        tags,
        summary: 'Series of a chart in display order; series of PVs the user may not read are left out',
        params: Id,
        response: { 200: Type.Array(ChartSeriesConfigSchema), 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const series = await seriesFor(services, request, request.params.id);
      return series ?? sendNotFound(reply, `Diagramm ${request.params.id} nicht gefunden.`);
    },
  );

  await app.register(chartConfigWriteRoutes, { services });
  await app.register(annotationRoutes, { services });
};
