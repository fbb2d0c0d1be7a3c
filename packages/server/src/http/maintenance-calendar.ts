import {
  ErrorReply,
  forecastDueAt,
  localDateTimeOf,
  pvKey,
  type MaintenanceProtocolRow,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import ical from 'ical-generator';
import { Type } from 'typebox';
import type { RightsSubject } from '../auth/rights.js';
import { SESSION_COOKIE } from '../auth/session-gate.js';
import { createCalendarTokenRepository } from '../store/maintenance/index.js';
import type { RouteOptions } from '../services.js';
import { sessionOf } from './auth-guard.js';
import { sendError } from './maintenance-guards.js';
import { requireRight } from './require-right.js';

const DUE_ICS_PATH = '/api/maintenance/due.ics';

const CalendarTokenStateSchema = Type.Object({
  active: Type.Boolean(),
  createdAt: Type.Union([Type.Number(), Type.Null()]),
  lastUsedAt: Type.Union([Type.Number(), Type.Null()]),
});
const CalendarTokenIssuedSchema = Type.Object({
  token: Type.String(),
  /** The feed's path with the token, for a calendar program to subscribe to. */
  path: Type.String(),
});

/** Figures in a calendar entry: the screen's decimals, German like the service messages. */
const figure = (value: number, dimension: string) =>
  value.toLocaleString('de-DE', { maximumFractionDigits: dimension === 'Cycles' ? 0 : 1 });

/**
 * The maintenance calendar (issue 24, beyond the peers): the forecast due dates as an iCalendar
 * feed that a maintenance team's calendar subscribes to, and the per-user token that lets a
 * calendar program in without a session. The feed shows what its user may read, nothing more.
 */
export const maintenanceCalendarRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { services },
) => {
  const tokens = createCalendarTokenRepository(services.store.db);
  const { rights } = services;
  const maintenance = services.domain.maintenance;

  /** Who asks for the feed: a calendar token's user (an enabled one), else the session's. */
  const subjectOf = async (token: string | undefined, cookie: string | undefined) => {
    if (token !== undefined) {
      const userId = await tokens.userOf(token, Date.now());
      const user = userId === null ? undefined : await services.store.users.byId(userId);
      return user && !user.disabled ? { userId: user.id, username: user.username } : null;
    }
    const session = await services.sessions.resolve(cookie);
    return session ? { userId: session.userId, username: session.username } : null;
  };

  const feed = async (subject: RightsSubject): Promise<string> => {
    const now = Date.now();
    const { info } = services.plant;
    const rows = maintenance
      .protocolByStation(-1)
      .filter((row: MaintenanceProtocolRow) => rights.canReadPv(subject, row.notification.pvRef));
    const rates = await services.domain.runtimeRates.of(rows.map((r) => r.notification.pvRef));
    const calendar = ical({
      name: `Wartung – ${info.name}`,
      description: 'Voraussichtliche Fälligkeiten aus der mittleren Laufzeit der letzten 30 Tage',
      prodId: { company: 'Leitwarte', product: 'Wartung', language: 'DE' },
      // Calendar programs ask again after this long; the forecast moves with the runtimes.
      ttl: 60 * 60,
    });
    for (const row of rows) {
      const n = row.notification;
      const key = pvKey(n.pvRef);
      const dueAt = forecastDueAt(n.remainingRuntime, n.runtimeDimension, rates.get(key) ?? null, now);
      if (dueAt === null) continue;
      // An all-day entry on the plant's local day: a due date, not an appointment.
      const day = localDateTimeOf(dueAt, info.timeZone);
      const unit = n.runtimeDimension === 'Cycles' ? 'Schaltspiele' : n.runtimeDimension;
      calendar.createEvent({
        id: `${key}-${n.serviceMessageType}@${info.id}`,
        start: new Date(Date.UTC(day.year, day.month - 1, day.day)),
        allDay: true,
        stamp: new Date(now),
        summary: `${n.messageText}`,
        description: [
          `${row.stationName} – ${row.machineName} (${row.runtimeName})`,
          `Aktuell ${figure(n.currentRuntime, n.runtimeDimension)}, Soll ${figure(n.targetRuntime, n.runtimeDimension)}, Rest ${figure(n.remainingRuntime, n.runtimeDimension)} ${unit}`,
          n.remainingRuntime <= 0 ? 'Überfällig.' : 'Prognose aus der Laufzeit der letzten 30 Tage.',
        ].join('\n'),
        location: row.stationName,
      });
    }
    return calendar.toString();
  };

  app.get(
    DUE_ICS_PATH,
    {
      // A calendar program has no session: the route admits by session or by calendar token itself.
      config: { public: true },
      schema: {
        tags: ['maintenance'],
        summary:
          'Forecast maintenance due dates as an iCalendar feed (with a session, or ?token= of the user’s calendar token)',
        querystring: Type.Object(
          { token: Type.Optional(Type.String({ maxLength: 100 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Unsafe<string>({ type: 'string', description: 'text/calendar' }),
          401: ErrorReply,
          403: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const subject = await subjectOf(token, request.cookies[SESSION_COOKIE]);
      if (subject === null) {
        await services.store.audit.append({
          at: Date.now(),
          userId: null,
          username: null,
          action: 'access.refused',
          object: `GET ${DUE_ICS_PATH}`,
          detail: { reason: token === undefined ? 'notLoggedIn' : 'calendarTokenIncorrect' },
          remoteAddress: request.ip,
        });
        return sendError(reply, 401, 'notLoggedIn', 'Nicht angemeldet oder Kalender-Token ungültig.');
      }
      if (!rights.has(subject, 'read')) return sendError(reply, 403, 'forbidden', 'Keine Leserechte.');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="wartung.ics"')
        .header('cache-control', 'private, no-store')
        .send(await feed(subject));
    },
  );

  const preHandler = requireRight(services, 'read');
  app.get(
    '/api/maintenance/calendar-token',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Whether the own calendar token exists, when it was made and last used',
        response: { 200: CalendarTokenStateSchema, 403: ErrorReply },
      },
    },
    async (request) => {
      const state = await tokens.of(sessionOf(request).userId);
      return {
        active: state !== null,
        createdAt: state?.createdAt ?? null,
        lastUsedAt: state?.lastUsedAt ?? null,
      };
    },
  );

  app.post(
    '/api/maintenance/calendar-token',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Makes a new own calendar token (the previous one stops working); shown this once',
        response: { 200: CalendarTokenIssuedSchema, 403: ErrorReply },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const at = Date.now();
      const token = await tokens.issue(session.userId, at);
      await services.store.audit.append({
        at,
        userId: session.userId,
        username: session.username,
        action: 'maintenance.calendarToken.issue',
        object: `user:${session.username}`,
        remoteAddress: request.ip,
      });
      return { token, path: `${DUE_ICS_PATH}?token=${token}` };
    },
  );

  app.delete(
    '/api/maintenance/calendar-token',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Revokes the own calendar token: subscribed calendars get no more dates',
        response: { 200: Type.Object({ revoked: Type.Boolean() }), 403: ErrorReply },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const revoked = await tokens.revoke(session.userId);
      if (revoked) {
        await services.store.audit.append({
          at: Date.now(),
          userId: session.userId,
          username: session.username,
          action: 'maintenance.calendarToken.revoke',
          object: `user:${session.username}`,
          remoteAddress: request.ip,
        });
      }
      return { revoked };
    },
  );
};
