import {
  DashboardConfigSchema,
  DashboardNotePatchSchema,
  DashboardNoteUpdateSchema,
  DashboardSchema,
  ErrorReply,
  WeatherReplySchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { InputRefusedError } from '../plant/charts/index.js';
import { visibleDashboard, type DashboardViewer } from '../plant/dashboards/index.js';
import type { RouteOptions } from '../services.js';
import { actorOf, type RequestActor } from './request-actor.js';
import { requireRight } from './require-right.js';

const tags = ['dashboard'];

/** A refused note: 400 for invalid input, 404 for an id that is no note; nothing was changed. */
function sendRefused(reply: FastifyReply, error: InputRefusedError) {
  const notFound = error.code === 'not-found';
  return reply.code(notFound ? 404 : 400).send({
    statusCode: notFound ? 404 : 400,
    error: notFound ? 'Not Found' : 'Bad Request',
    code: notFound ? 'notFound' : 'invalidInput',
    message: error.message,
  });
}

/**
 * Dashboards (screens §7): GET /api/dashboard/config (all dashboards and the default one),
 * GET /api/dashboard/config/{id}, and PATCH /api/dashboard/note {id, note} (editDashboards;
 * audited and announced as noteUpdate on the dashboard channel by the service). Widgets show
 * only what the user may read.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights } = services;
  const { dashboards } = services.domain;
  const viewerOf = (actor: RequestActor): DashboardViewer => ({
    canReadPv: (ref) => rights.canReadPv(actor, ref),
    canReadStation: (station) => rights.onStation(actor, 'read', station),
  });

  app.get(
    '/api/dashboard/config',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags,
        summary: 'Every dashboard with its widgets, and the one the start page shows',
        response: { 200: DashboardConfigSchema, 403: ErrorReply },
      },
    },
    async (request) => {
      const viewer = viewerOf(actorOf(request));
      const config = await dashboards.config();
      return { ...config, dashboards: config.dashboards.map((d) => visibleDashboard(d, viewer)) };
    },
  );

  app.get(
    '/api/dashboard/config/:id',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags,
        summary: 'One dashboard with its widgets',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: DashboardSchema, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const dashboard = await dashboards.dashboard(request.params.id);
      if (dashboard === undefined) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'notFound',
          message: `no dashboard ${request.params.id}`,
        });
      }
      return visibleDashboard(dashboard, viewerOf(actorOf(request)));
    },
  );

  app.get(
    '/api/dashboard/weather/:widgetId',
    {
      preHandler: requireRight(services, 'read'),
      schema: {
        tags,
        summary:
          "A weather widget's weather by its zip code and country (fetched and cached by the server; the service's key stays here)",
        params: Type.Object({ widgetId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: WeatherReplySchema, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      // Only places of configured widgets are asked for: the server is no open weather proxy.
      const { dashboards: all } = await dashboards.config();
      const widget = all.flatMap((d) => d.widgets).find((w) => w.id === request.params.widgetId);
      if (widget?.kind !== 'Weather') {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'notFound',
          message: `no weather widget ${request.params.widgetId}`,
        });
      }
      return services.domain.weather.weather(widget);
    },
  );

  app.patch(
    '/api/dashboard/note',
    {
      preHandler: requireRight(services, 'editDashboards'),
      schema: {
        tags,
        summary: 'Saves the text of a note widget',
        body: DashboardNotePatchSchema,
        response: { 200: DashboardNoteUpdateSchema, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      try {
        return await dashboards.updateNote(request.body, actorOf(request));
      } catch (error) {
        if (error instanceof InputRefusedError) return sendRefused(reply, error);
        throw error;
      }
    },
  );
};
