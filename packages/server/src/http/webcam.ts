import {
  ErrorReply,
  WebcamCurrentQuerySchema,
  WebcamCurrentReplySchema,
  WebcamImageRefSchema,
  WebcamInfoSchema,
  WebcamRangeQuerySchema,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WebcamInfo } from '../plant/webcams/index.js';
import type { RouteOptions } from '../services.js';
import { sendNotFound, sendRefusal } from './chart-replies.js';
import { parseTime } from './charts-data.js';
import { actorOf } from './request-actor.js';
import { sendForbidden } from './require-right.js';

/** Webcams (calls §7 Webcam): every call needs the right read on the webcam's station. */
export const webcamRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights, store } = services;
  const webcams = services.domain.webcams;
  const tags = ['webcam'];
  const Id = Type.Object({ id: Type.Integer({ minimum: 0 }) });
  const mayRead = (request: FastifyRequest, cam: WebcamInfo) =>
    rights.onStation(actorOf(request), 'read', cam.stationNumber);

  /**
   * The webcam of a call if the user may see it; otherwise the reply is sent: 404 for an unknown
   * webcam, 403 (audited) for one of a station outside the user's rights.
   */
  async function permitted(request: FastifyRequest, reply: FastifyReply, id: number) {
    const [cam] = webcams ? await webcams.list(id) : [];
    if (!cam) {
      await sendNotFound(reply, `Webcam ${id} gibt es nicht.`);
      return null;
    }
    if (mayRead(request, cam)) return cam;
    const actor = actorOf(request);
    await store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action: 'webcam.read.refused',
      object: `webcam:${id}`,
      detail: { station: cam.stationNumber },
      remoteAddress: actor.remoteAddress,
    });
    await sendForbidden(reply);
    return null;
  }

  app.get(
    '/api/webcam',
    {
      schema: {
        tags,
        summary: 'The webcams of the stations the user may read',
        response: { 200: Type.Array(WebcamInfoSchema) },
      },
    },
    async (request) => (webcams ? await webcams.list() : []).filter((c) => mayRead(request, c)),
  );

  app.get(
    '/api/webcam/:id',
    {
      schema: {
        tags,
        summary: 'One webcam, as a list of one',
        params: Id,
        response: { 200: Type.Array(WebcamInfoSchema), 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const cam = await permitted(request, reply, request.params.id);
      return cam ? [cam] : reply;
    },
  );

  app.get(
    '/api/webcam/:id/available-images',
    {
      schema: {
        tags,
        summary: 'Images of a webcam in [from, to] (ms or ISO 8601), oldest first',
        params: Id,
        querystring: WebcamRangeQuerySchema,
        response: {
          200: Type.Array(WebcamImageRefSchema),
          400: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const cam = await permitted(request, reply, request.params.id);
      if (!cam || !webcams) return reply;
      const from = parseTime(request.query.from);
      const to = parseTime(request.query.to);
      try {
        return (await webcams.availableImages(cam.id, from ?? Number.NaN, to ?? Number.NaN)) ?? [];
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.get(
    '/api/webcam/:id/current',
    {
      schema: {
        tags,
        summary: 'The newest image, or the next newer than currentFilename; null when there is none',
        params: Id,
        querystring: WebcamCurrentQuerySchema,
        response: { 200: WebcamCurrentReplySchema, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const cam = await permitted(request, reply, request.params.id);
      if (!cam || !webcams) return reply;
      try {
        return reply.send((await webcams.current(cam.id, request.query.currentFilename)) ?? null);
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.get(
    '/api/webcam/:id/images/:fileName',
    {
      schema: {
        tags,
        summary: 'One image of a webcam (PNG or JPEG, as it was taken)',
        params: Type.Object({ id: Type.Integer({ minimum: 0 }), fileName: Type.String({ maxLength: 200 }) }),
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const cam = await permitted(request, reply, request.params.id);
      if (!cam || !webcams) return reply;
      const image = await webcams.readImage(cam.id, request.params.fileName);
      if (!image) return sendNotFound(reply, 'Bild nicht gefunden.');
      // Archived images never change: the browser may keep them.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(image.data);
    },
  );
};
