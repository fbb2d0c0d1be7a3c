import {
  ChartConfigDeleteReplySchema,
  ChartConfigReplaceSchema,
  ChartConfigWriteReplySchema,
  ErrorReply,
  NewChartConfigSchema,
  pvKey,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { sendNotFound, sendRefusal } from './chart-replies.js';
import { actorOf } from './request-actor.js';
import { requireRight, sendForbidden } from './require-right.js';

/** `/series/0/pv/nr` → `series[0].pv.nr`, the field names the chart validation uses too. */
const fieldOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');

/**
 * A schema refusal that names the field, for an unknown field its name and for a choice the
 * values allowed, so an editor can say what to fix.
 */
function schemaRefusal(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  if (!first) return new Error(`${dataVar} is invalid`);
  const field = fieldOf(first.instancePath) || dataVar;
  const { additionalProperty, missingProperty } = first.params;
  if (first.keyword === 'additionalProperties' && typeof additionalProperty === 'string')
    return new Error(`${field}: unknown field "${additionalProperty}"`);
  if (first.keyword === 'required' && typeof missingProperty === 'string')
    return new Error(`${field === dataVar ? missingProperty : `${field}.${missingProperty}`}: is required`);
  // A union reports each of its branches at the same place: a list of literals or of types.
  const here = errors.filter((e) => e.instancePath === first.instancePath && e.keyword === first.keyword);
  if (first.keyword === 'const')
    return new Error(
      `${field}: must be one of ${here.map((e) => JSON.stringify(e.params.allowedValue)).join(', ')}`,
    );
  if (first.keyword === 'type')
    return new Error(`${field}: must be ${here.map((e) => String(e.params.type)).join(' or ')}`);
  return new Error(`${field}: ${first.message ?? 'is invalid'}`);
}

/**
 * Chart config writes (screens §3 chart and series config, edited where currentUserCanEdit):
 * the right editCharts, and read on every PV of the chart before and after the change, so a
 * user scoped to some stations neither adds nor removes series of other stations.
 */
export const chartConfigWriteRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { charts } = services.domain;
  const { rights, store } = services;
  const tags = ['charts'];
  const editor = { preHandler: requireRight(services, 'editCharts'), schemaErrorFormatter: schemaRefusal };
  const Id = Type.Object({ id: Type.Integer({ minimum: 0 }) });

  /** The PVs of the list the caller may not read, each once. */
  function unreadable(request: FastifyRequest, pvs: readonly PvRef[]): PvRef[] {
    const session = sessionOf(request);
    const seen = new Map<string, PvRef>();
    for (const pv of pvs) if (!rights.canReadPv(session, pv)) seen.set(pvKey(pv), pv);
    return [...seen.values()];
  }

  /** Refuses a write touching PVs outside the user's scope: 403, nothing changed, one audit row. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    op: 'create' | 'update' | 'delete',
    object: string,
    pvs: readonly PvRef[],
  ) {
    const actor = actorOf(request);
    await store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action: `chart.${op}.refused`,
      object,
      detail: { unauthorizedPvs: pvs.map(pvKey) },
      remoteAddress: actor.remoteAddress,
    });
    return sendForbidden(reply);
  }

  const notFound = (reply: FastifyReply, id: number) => sendNotFound(reply, `Diagramm ${id} nicht gefunden.`);

  app.post(
    '/api/charts/config',
    {
      ...editor,
      schema: {
        tags,
        summary: 'Creates a chart with its series (right editCharts, read on each PV); audited',
        body: NewChartConfigSchema,
        response: { 200: ChartConfigWriteReplySchema, 400: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const refused = unreadable(
        request,
        (request.body.series ?? []).map((s) => s.pv),
      );
      if (refused.length > 0) return refuse(request, reply, 'create', 'chart:new', refused);
      try {
        return await charts.createConfig(request.body, actorOf(request));
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.put(
    '/api/charts/config/:id',
    {
      ...editor,
      schema: {
        tags,
        summary:
          'Replaces a chart’s config fields and its complete series list (right editCharts, read on each old and new PV); audited',
        params: Id,
        body: ChartConfigReplaceSchema,
        response: { 200: ChartConfigWriteReplySchema, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const current = await charts.series(id);
      if (current === undefined) return notFound(reply, id);
      const pvs = [...current, ...request.body.series].map((s) => s.pv);
      const refused = unreadable(request, pvs);
      if (refused.length > 0) return refuse(request, reply, 'update', `chart:${id}`, refused);
      try {
        return await charts.updateConfig(id, request.body, actorOf(request));
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );

  app.delete(
    '/api/charts/config/:id',
    {
      ...editor,
      schema: {
        tags,
        summary: 'Deletes a chart with its series (right editCharts, read on each PV); audited',
        params: Id,
        response: { 200: ChartConfigDeleteReplySchema, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const current = await charts.series(id);
      if (current === undefined) return notFound(reply, id);
      const refused = unreadable(
        request,
        current.map((s) => s.pv),
      );
      if (refused.length > 0) return refuse(request, reply, 'delete', `chart:${id}`, refused);
      try {
        await charts.deleteConfig(id, actorOf(request));
        return { deletedId: id };
      } catch (error) {
        return sendRefusal(reply, error);
      }
    },
  );
};
