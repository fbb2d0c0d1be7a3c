import {
  AckAlertsReplySchema,
  AlertIdsSchema,
  AlertsByPvsRequestSchema,
  AlertsReplySchema,
  DeleteAlertsRequestSchema,
  DeletedAlertsReplySchema,
  ErrorReply,
  ListRangeQuerySchema,
  mayOn,
  NO_ACK_RIGHTS_MESSAGE,
  type AckAlertsReply,
  type Alert,
  type RightName,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RightsService, RightsSubject } from '../auth/rights.js';
import { createVisibility } from '../auth/visibility.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { listRange, sendInvalidRange } from './list-range.js';
import { actorOf, type RequestActor } from './request-actor.js';
import { requireRight } from './require-right.js';

/** A right on an alert: on its PV, else its station, else like any object bound to no station. */
function mayOnAlert(rights: RightsService, subject: RightsSubject, right: RightName, alert: Alert) {
  if (alert.pv !== null) return rights.onPv(subject, right, alert.pv);
  if (alert.station !== null) return rights.onStation(subject, right, alert.station);
  return mayOn(rights.effective(subject), right, { station: null, pvGroups: [] });
}

const idList = (ids: readonly number[]) =>
  ids.length === 0 ? 'alerts (all)' : `alerts ${ids.slice(0, 50).join(',')}${ids.length > 50 ? ',…' : ''}`;

/** The refusal text for alert ids that do not exist (at most 20 named). */
function unknownAlertsMessage(ids: readonly number[]): string {
  const shown = ids.slice(0, 20).join(', ') + (ids.length > 20 ? ', …' : '');
  return ids.length === 1 ? `Die Meldung ${shown} gibt es nicht.` : `Die Meldungen ${shown} gibt es nicht.`;
}

/** Alerts (calls §7 Alerts): the archive, acknowledging and deleting. */
export const alertsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights, store } = services;
  const alerts = services.domain.alerts;
  // The rule the alert channel applies: by PV, else station, else plant-wide.
  const visibility = createVisibility(services.plant, rights);
  const refused = (
    actor: RequestActor,
    action: string,
    ids: readonly number[],
    detail: { missingRight: RightName } | { unknownIds: number[] },
  ) =>
    store.audit.append({
      at: Date.now(),
      userId: actor.userId,
      username: actor.username,
      action,
      object: idList(ids),
      detail: { refusedIds: [...ids], ...detail },
      remoteAddress: actor.remoteAddress,
    });
  /** The asked-for alerts, or the ids of those that do not exist (then nothing is done). */
  async function alertsOf(ids: readonly { id: number }[]) {
    const wanted = [...new Set(ids.map((a) => a.id))];
    const found = await alerts.byIds(wanted);
    const known = new Set(found.map((a) => a.id));
    return { found, unknown: wanted.filter((id) => !known.has(id)) };
  }
  const readsEverywhere = (actor: RequestActor) =>
    services.plant.pvConfigs().length > 0 &&
    rights.effective(actor).grants.some((g) => g.right === 'read' && g.scope.allStations);
  const noAck = (): AckAlertsReply => ({
    status: 'Unauthorized',
    errorMessage: NO_ACK_RIGHTS_MESSAGE,
    acknowledged: [],
  });
  const tags = ['alerts'];
  const bad = { 400: ErrorReply };

  app.get(
    '/api/alerts',
    {
      schema: {
        tags,
        summary: 'Alerts the user may read, newest first by coming time, at most limit, with the total',
        querystring: ListRangeQuerySchema,
        response: { 200: AlertsReplySchema, ...bad },
      },
    },
    async (request, reply) => {
      const range = listRange(services, request.query, 'alertRequestLimit');
      if (range === null) return sendInvalidRange(reply);
      const actor = actorOf(request);
      // Reading in every station, every PV and station is readable: the store pages directly.
      if (readsEverywhere(actor)) return alerts.range(range.start, range.end, range.limit);
      const session = sessionOf(request);
      return alerts.rangeWhere(range.start, range.end, range.limit, (a) => visibility.alert(session, a));
    },
  );

  app.post(
    '/api/alerts/bypvs',
    {
      schema: {
        tags,
        summary: 'Alerts of these PVs (those the user may read), newest first, with the total',
        querystring: ListRangeQuerySchema,
        body: AlertsByPvsRequestSchema,
        response: { 200: AlertsReplySchema, ...bad },
      },
    },
    async (request, reply) => {
      const range = listRange(services, request.query, 'alertRequestLimit');
      if (range === null) return sendInvalidRange(reply);
      const session = sessionOf(request);
      // Every alert of a PV is visible exactly when the PV is: unreadable PVs are left out.
      const pvs = request.body.filter((pv) => visibility.pv(session, pv));
      return alerts.byPvs(pvs, range.start, range.end, range.limit);
    },
  );

  app.post(
    '/api/alerts/ack',
    {
      schema: {
        tags,
        summary: 'Acknowledges these alerts; all or none (right ackAlerts on each alert)',
        body: AlertIdsSchema,
        response: { 200: AckAlertsReplySchema, ...bad },
      },
    },
    async (request): Promise<AckAlertsReply> => {
      const actor = actorOf(request);
      const { found, unknown } = await alertsOf(request.body);
      // All or none: an id that does not exist is named, never silently skipped.
      if (unknown.length > 0) {
        await refused(actor, 'alerts.acknowledge.refused', unknown, { unknownIds: unknown });
        return { status: 'Failed', errorMessage: unknownAlertsMessage(unknown), acknowledged: [] };
      }
      const denied = found.filter((a) => !mayOnAlert(rights, actor, 'ackAlerts', a)).map((a) => a.id);
      if (denied.length > 0) {
        await refused(actor, 'alerts.acknowledge.refused', denied, { missingRight: 'ackAlerts' });
        return noAck();
      }
      const acknowledged = await alerts.acknowledge(
        found.map((a) => a.id),
        actor,
      );
      return { status: 'Success', errorMessage: null, acknowledged };
    },
  );

  app.post(
    '/api/alerts/ack-all',
    {
      schema: {
        tags,
        summary: 'Acknowledges every unacknowledged alert the user may acknowledge',
        response: { 200: AckAlertsReplySchema },
      },
    },
    async (request): Promise<AckAlertsReply> => {
      const actor = actorOf(request);
      if (!rights.has(actor, 'ackAlerts')) {
        await refused(actor, 'alerts.acknowledgeAll.refused', [], { missingRight: 'ackAlerts' });
        return noAck();
      }
      const acknowledged = await alerts.acknowledgeAll(actor, (a) =>
        mayOnAlert(rights, actor, 'ackAlerts', a),
      );
      return { status: 'Success', errorMessage: null, acknowledged };
    },
  );

  app.delete(
    '/api/alerts',
    {
      preHandler: requireRight(services, 'deleteAlerts'),
      schema: {
        tags,
        summary: 'Deletes closed alerts (gone and acknowledged); all or none (right deleteAlerts on each)',
        body: DeleteAlertsRequestSchema,
        response: { 200: DeletedAlertsReplySchema, ...bad, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { found, unknown } = await alertsOf(request.body);
      if (unknown.length > 0) {
        await refused(actor, 'alerts.delete.refused', unknown, { unknownIds: unknown });
        return reply.code(404).send({
          statusCode: 404,
          error: 'Not Found',
          code: 'alertNotFound',
          message: unknownAlertsMessage(unknown),
        });
      }
      const denied = found.filter((a) => !mayOnAlert(rights, actor, 'deleteAlerts', a)).map((a) => a.id);
      if (denied.length > 0) {
        await refused(actor, 'alerts.delete.refused', denied, { missingRight: 'deleteAlerts' });
        return reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          code: 'forbidden',
          message: `Keine Rechte zum Löschen der Meldungen ${denied.join(', ')}.`,
        });
      }
      const deleted = await alerts.delete(
        found.map((a) => a.id),
        actor,
      );
      return deleted.map((id) => ({ id }));
    },
  );
};
