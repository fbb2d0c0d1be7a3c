import {
  DashboardConfigSchema,
  DashboardCopySchema,
  DashboardCreateSchema,
  DashboardSaveSchema,
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
import { DashboardConflictError, visibleDashboard, type DashboardViewer } from '../plant/dashboards/index.js';
import type { RouteOptions } from '../services.js';
import { actorOf, type RequestActor } from './request-actor.js';
import { requireRight } from './require-right.js';

const tags = ['dashboard'];

const REFUSALS = {
  invalid: { statusCode: 400, error: 'Bad Request', code: 'invalidInput' },
  'not-found': { statusCode: 404, error: 'Not Found', code: 'notFound' },
  forbidden: { statusCode: 403, error: 'Forbidden', code: 'forbidden' },
} as const;

/** A refused write: 400 invalid input, 404 unknown id, 403 a plant dashboard; nothing was changed. */
function sendRefused(reply: FastifyReply, error: InputRefusedError) {
  const answer = REFUSALS[error.code];
  return reply.code(answer.statusCode).send({ ...answer, message: error.message });
}

/** Runs a write; refusals and stale saves (409, code `stale`) become their replies. */
async function refusing<T>(reply: FastifyReply, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (error instanceof InputRefusedError) return sendRefused(reply, error);
    if (error instanceof DashboardConflictError) {
      return reply
        .code(409)
        .send({ statusCode: 409, error: 'Conflict', code: 'stale', message: error.message });
    }
    throw error;
  }
}

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const writeReplies = { 400: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

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
      return {
        ...config,
        currentUserCanEdit: rights.has(actorOf(request), 'editDashboards'),
        dashboards: config.dashboards.map((d) => visibleDashboard(d, viewer)),
      };
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

  app.post(
    '/api/dashboard',
    {
      preHandler: requireRight(services, 'editDashboards'),
      schema: {
        tags,
        summary: 'Makes a dashboard (origin user) with its widgets; audited, announced as dashboardChange',
        body: DashboardCreateSchema,
        response: { 201: DashboardSchema, ...writeReplies },
      },
    },
    async (request, reply) =>
      refusing(reply, async () => {
        const created = await dashboards.create(request.body, actorOf(request));
        return reply.code(201).send(visibleDashboard(created, viewerOf(actorOf(request))));
      }),
  );

  app.post(
    '/api/dashboard/:id/copy',
    {
      preHandler: requireRight(services, 'editDashboards'),
      schema: {
        tags,
        summary: 'Copies a dashboard (also one of the plant) under a new name, as a user dashboard',
        params: IdParams,
        body: DashboardCopySchema,
        response: { 201: DashboardSchema, ...writeReplies },
      },
    },
    async (request, reply) =>
      refusing(reply, async () => {
        const created = await dashboards.copy(request.params.id, request.body, actorOf(request));
        return reply.code(201).send(visibleDashboard(created, viewerOf(actorOf(request))));
      }),
  );

  app.put(
    '/api/dashboard/:id',
    {
      preHandler: requireRight(services, 'editDashboards'),
      schema: {
        tags,
        summary:
          'Saves a user dashboard: name, layout and widgets in order, from the version the editor loaded (409 when someone saved in between)',
        params: IdParams,
        body: DashboardSaveSchema,
        response: { 200: DashboardSchema, ...writeReplies },
      },
    },
    async (request, reply) =>
      refusing(reply, async () =>
        visibleDashboard(
          await dashboards.save(
            request.params.id,
            request.body,
            actorOf(request),
            viewerOf(actorOf(request)),
          ),
          viewerOf(actorOf(request)),
        ),
      ),
  );

  app.delete(
    '/api/dashboard/:id',
    {
      preHandler: requireRight(services, 'editDashboards'),
      schema: {
        tags,
        summary:
          'Deletes a user dashboard at the version the editor shows (409 when someone saved in between)',
        params: IdParams,
        querystring: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        response: { 204: Type.Null(), ...writeReplies },
      },
    },
    async (request, reply) =>
      refusing(reply, async () => {
        await dashboards.remove(
          request.params.id,
          request.query.version,
          actorOf(request),
          viewerOf(actorOf(request)),
        );
        return reply.code(204).send(null);
      }),
  );
};
