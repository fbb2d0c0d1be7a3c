import { ErrorReply, RuebConfigSchema, RuebEventSchema, SebamConfigSchema } from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { actorOf } from './request-actor.js';
import { requireRight } from './require-right.js';

/** Station -1 asks for the events of every station the user may read. */
export const ALL_STATIONS = -1;

/**
 * GET /api/RuebProtocol/ruebevents/{a}/{b}/{c}: a is the station number (-1: all readable
 * stations), b the year, c the month 1–12 of the events that started then, or 0 for the whole year.
 */
const RuebEventsParams = Type.Object({
  stationNr: Type.Union([Type.Literal(ALL_STATIONS), Type.Integer({ minimum: 1, maximum: 999999 })]),
  year: Type.Integer({ minimum: 1970, maximum: 9999 }),
  month: Type.Integer({ minimum: 0, maximum: 12 }),
});

/**
 * Protocol and system configs (calls §7): stormwater overflow basins (RÜB) with their overflow
 * events, and Sebam configs. Everything belongs to a station; only readable stations are shown.
 */
export const protocolRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { rights } = services;
  const { rueb, sebam } = services.domain;
  const mayRead = requireRight(services, 'read');
  const tags = ['protocols'];

  app.get(
    '/api/RuebProtocol/ruebconfigs',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Stormwater overflow basins of the readable stations',
        response: { 200: Type.Array(RuebConfigSchema), 403: ErrorReply },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return rueb.configs().filter((c) => rights.onStation(actor, 'read', c.stationNr));
    },
  );

  app.get(
    '/api/RuebProtocol/ruebevents/:stationNr/:year/:month',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Overflow events of a station (-1: all) that started in a month (0: the whole year)',
        params: RuebEventsParams,
        response: { 200: Type.Array(RuebEventSchema), 403: ErrorReply },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { stationNr, year, month } = request.params;
      if (stationNr !== ALL_STATIONS && !rights.onStation(actor, 'read', stationNr)) return [];
      const events = await rueb.events(stationNr, year, month);
      return events.filter((e) => rights.onStation(actor, 'read', e.stationNr));
    },
  );

  app.get(
    '/api/Sebam/configs',
    {
      preHandler: mayRead,
      schema: {
        tags,
        summary: 'Sebam configs of the readable stations',
        response: { 200: Type.Array(SebamConfigSchema), 403: ErrorReply },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return sebam.configs().filter((c) => rights.onStation(actor, 'read', c.stationNr));
    },
  );
};
