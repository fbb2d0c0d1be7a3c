import {
  AnnotationListSchema,
  AnnotationQuerySchema,
  AnnotationSchema,
  AnnotationUpdateSchema,
  ChartConfigSchema,
  DeleteAnnotationsReplySchema,
  DeleteAnnotationsSchema,
  ErrorReply,
  NewAnnotationSchema,
  parsePvKey,
  pvKey,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { seriesFor, sendNotFound, sendRefusal } from './chart-replies.js';
import { actorOf } from './request-actor.js';
import { requireRight, sendForbidden } from './require-right.js';

/** Annotations (calls §7 Charts): read with read on the PV, written with editAnnotations and read on the PV. */
export const annotationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { annotations, charts } = services.domain;
  const { rights, store } = services;
  const tags = ['charts'];
  const editor = { preHandler: requireRight(services, 'editAnnotations') };
  // editAnnotations is plant-wide; a user annotates only the PVs the user may read.
  const canEdit = (request: FastifyRequest, pv: PvRef) =>
    rights.onPv(sessionOf(request), 'editAnnotations', pv) && rights.canReadPv(sessionOf(request), pv);
  const canRead = (request: FastifyRequest, pv: PvRef) => rights.canReadPv(sessionOf(request), pv);

  /** Refuses a write on PVs outside the user's scope: 403, nothing changed, one audit row. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    op: string,
    object: string,
    pvs: PvRef[],
  ) {
    const actor = actorOf(request);
    await store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action: `annotation.${op}.refused`,
      object,
      detail: { unauthorizedPvs: pvs.map(pvKey) },
      remoteAddress: actor.remoteAddress,
    });
    return sendForbidden(reply);
  }

  app.get(
    '/api/charts/annotations',
    {
      schema: {
        tags,
        summary: 'Annotations in a time window and/or of PVs (comma-separated keys), oldest first',
        querystring: AnnotationQuerySchema,
        response: { 200: AnnotationListSchema, 400: ErrorReply },
      },
    },
    async (request, reply) => {
      const { start, end, pvs: keys } = request.query;
      const pvs = keys
        ?.split(',')
        .filter((k) => k !== '')
        .map(parsePvKey);
      if (pvs?.some((pv) => pv === null))
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          code: 'invalid',
          message: 'pvs: must be PV keys like AnaIn-100010, separated by commas',
        });
      try {
        const list = await annotations.list({ start, end, pvs: pvs as PvRef[] | undefined });
        return list.filter((a) => canRead(request, a.pv));
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.post(
    '/api/charts/annotations',
    {
      ...editor,
      schema: {
        tags,
        summary: 'Creates an annotation (right editAnnotations on its PV); audited',
        body: NewAnnotationSchema,
        response: { 200: AnnotationSchema, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const { pv } = request.body;
      if (!canEdit(request, pv)) return refuse(request, reply, 'create', `pv:${pvKey(pv)}`, [pv]);
      try {
        return await annotations.create(request.body, actorOf(request));
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.patch(
    '/api/charts/annotations',
    {
      ...editor,
      schema: {
        tags,
        summary: 'Changes an annotation (right editAnnotations on its old and new PV); audited',
        body: AnnotationUpdateSchema,
        response: { 200: AnnotationSchema, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id, pv } = request.body;
      const current = id === undefined ? undefined : await annotations.get(id);
      if (current) {
        const refused = [current.pv, ...(pv ? [pv] : [])].filter((p) => !canEdit(request, p));
        if (refused.length > 0) return refuse(request, reply, 'update', `annotation:${current.id}`, refused);
      }
      try {
        // The service refuses an unsaved annotation (no id) and an unknown id.
        return await annotations.update(request.body, actorOf(request));
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.post(
    '/api/charts/delete-annotations',
    {
      ...editor,
      schema: {
        tags,
        summary: 'Deletes annotations (right editAnnotations on each PV; all or none); audited',
        body: DeleteAnnotationsSchema,
        response: { 200: DeleteAnnotationsReplySchema, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const found = (await Promise.all(request.body.map((id) => annotations.get(id)))).filter(
        (a) => a !== undefined,
      );
      const refused = found.filter((a) => !canEdit(request, a.pv));
      if (refused.length > 0)
        return refuse(
          request,
          reply,
          'delete',
          refused.map((a) => `annotation:${a.id}`).join(','),
          refused.map((a) => a.pv),
        );
      try {
        return { deletedIds: await annotations.delete(request.body, actorOf(request)) };
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.get(
    '/api/charts/annotations/:id/charts',
    {
      schema: {
        tags,
        summary: 'The charts an annotation belongs to (those with a series of its PV) that the user sees',
        params: Type.Object({ id: Type.Integer({ minimum: 0 }) }),
        response: { 200: Type.Array(ChartConfigSchema), 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const annotation = await annotations.get(request.params.id);
      const found =
        annotation && canRead(request, annotation.pv) && (await annotations.charts(annotation.id));
      if (!found) return sendNotFound(reply, `Anmerkung ${request.params.id} nicht gefunden.`);
      const out = [];
      for (const record of found) {
        const config = await charts.config(record.id, sessionOf(request));
        if (config && (await seriesFor(services, request, config.id)) !== null) out.push(config);
      }
      return out;
    },
  );
};
