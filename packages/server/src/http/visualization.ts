import {
  ErrorReply,
  GetTextMessagesRequestSchema,
  ProcessImageInfoSchema,
  SetTextMessagesRequestSchema,
  TextMessagesReplySchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import { resolveImageReferences } from '../plant/process-images/index.js';
import type { RouteOptions } from '../services.js';
import { createChartsRepository } from '../store/charts/index.js';
import { createDashboardsRepository } from '../store/dashboards/index.js';
import { sessionOf } from './auth-guard.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

const tags = ['visualization'];

/** A process image is only script-free markup to show: nothing in it may run or load elsewhere. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The image's name, optionally with its file ending (`hb-lindenberg` or `hb-lindenberg.svg`). */
const ImageNameParams = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}(\\.svg)?$' }),
});

/**
 * Visualisation (calls §7 Visualisation): process images and text messages. An image of a
 * station is shown only to users who may read that station; an image without a station to any
 * user with the read right.
 */
export const visualizationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights, sessions } = services;
  const { processImages, textMessages } = services.domain;
  const mayRead = requireRight(services, 'read');
  const charts = createChartsRepository(services.store.db);
  const dashboards = createDashboardsRepository(services.store.db);
  const references = {
    chartId: (key: string) => charts.configIdByKey(key),
    dashboardId: async (key: string) => (await dashboards.dashboards()).find((d) => d.key === key)?.id,
  };
  const canSee = (subject: { userId: number; username: string }, station: number | null) =>
    station === null ? rights.has(subject, 'read') : rights.onStation(subject, 'read', station);

  app.get(
    '/api/visualization/processImages',
    {
      schema: {
        tags,
        summary: 'The process images the user may see (the root of the visualisation)',
        response: { 200: Type.Array(ProcessImageInfoSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return processImages.list().filter((image) => canSee(actor, image.stationNumber));
    },
  );

  // Outside /api, so the guard does not run here: the route checks the session itself, before
  // the name is even looked at (an anonymous caller learns nothing about which names exist).
  app.get(
    '/Views/Visualization/ProcessImages/:name',
    {
      onRequest: async (request, reply) => {
        request.session = await sessions.resolve(request.cookies[SESSION_COOKIE]);
        if (request.session === null) {
          return reply.code(401).send({
            statusCode: 401,
            error: 'Unauthorized',
            code: 'notLoggedIn',
            message: 'Not logged in or session expired',
          });
        }
      },
      schema: {
        tags,
        summary: 'One process image (SVG); unknown, invalid or hidden names are not found',
        params: ImageNameParams,
        response: {
          200: { description: 'The SVG image', content: { 'image/svg+xml': { schema: Type.String() } } },
          401: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const name = request.params.name.replace(/\.svg$/, '');
      const info = processImages.list().find((image) => image.name === name);
      const image = info && canSee(session, info.stationNumber) ? processImages.read(name) : undefined;
      if (image === undefined) {
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'notFound',
          message: `no process image ${name}`,
        });
      }
      return reply
        .header('Content-Security-Policy', IMAGE_CSP)
        .header('Cache-Control', 'private, no-cache')
        .type(image.contentType)
        .send(await resolveImageReferences(image.content, references));
    },
  );

  app.post(
    '/api/visualization/getTextMessages',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Text messages by id; unknown ids are listed in missingIds',
        body: GetTextMessagesRequestSchema,
        response: { 200: TextMessagesReplySchema, 403: ErrorReply },
      },
    },
    async (request) => textMessages.get(request.body),
  );

  app.post(
    '/api/visualization/setTextMessages',
    {
      schema: {
        tags,
        summary: 'Sets text messages (editTexts; all or nothing); announced on the text channel',
        body: SetTextMessagesRequestSchema,
        response: { 200: TextMessagesReplySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const reply = await textMessages.set(actor, request.body);
      if (reply.status === 'Unauthorized') {
        const ids = request.body.map((e) => e.textId);
        await services.store.audit.append({
          at: Date.now(),
          userId: actor.userId,
          username: actor.username,
          action: 'textMessage.set.refused',
          object: ids.map((id) => `text ${id}`).join(', '),
          detail: { textIds: ids },
          remoteAddress: actor.remoteAddress,
        });
      }
      return reply;
    },
  );
};
