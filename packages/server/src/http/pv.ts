import {
  PvAllItemSchema,
  PvConfigsReplySchema,
  PvConfigsRequestSchema,
  PvNodeSchema,
  pvKey,
  type PvAllItem,
  type PvConfigsReply,
  type PvNode,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteOptions } from '../services.js';
import { currentPvConfig } from '../plant/values/pv-config-view.js';
import { sessionOf } from './auth-guard.js';

/** PV configuration and values (calls §7 "PV configuration and values"): the read side. */
export const pvRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { services }) => {
  const { plant, rights } = services;
  // Configs carry the digital priorities operators set, not only the plant definition's.
  const configOf = (ref: PvRef) => currentPvConfig(plant, services.domain.limits.digitalPriority, ref);

  app.get(
    '/api/Pv/all',
    {
      schema: {
        tags: ['pv'],
        summary: 'Every PV the user may read, with its config and current value',
        response: { 200: Type.Array(PvAllItemSchema) },
      },
    },
    async (request) => {
      const principal = sessionOf(request);
      const items: PvAllItem[] = [];
      for (const config of plant.pvConfigs()) {
        if (!rights.canReadPv(principal, config.pvRef)) continue;
        items.push({
          config: configOf(config.pvRef) ?? config,
          value: plant.values.get(pvKey(config.pvRef)) ?? null,
        });
      }
      return items;
    },
  );

  app.get(
    '/api/Pv/getallpvnodes',
    {
      schema: {
        tags: ['pv'],
        summary: 'The PV tree: stations with their PVs by subtype',
        description:
          "With `stationNr` only that station's node (an addition to the spec's call: a station " +
          'page of a large plant needs its own PVs, not the tree of every station).',
        querystring: Type.Object(
          { stationNr: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(PvNodeSchema) },
      },
    },
    async (request) => {
      const principal = sessionOf(request);
      const { stationNr } = request.query;
      const nodes: PvNode[] = [];
      for (const node of plant.tree()) {
        if (stationNr !== undefined && node.stationNumber !== stationNr) continue;
        const groups = node.groups
          .map((group) => ({
            ...group,
            pvs: group.pvs.filter((pv) => rights.canReadPv(principal, pv.pvRef)),
          }))
          .filter((group) => group.pvs.length > 0);
        if (groups.length > 0) nodes.push({ ...node, groups });
      }
      return nodes;
    },
  );

  app.post(
    '/api/Pv/configs',
    {
      schema: {
        tags: ['pv'],
        summary: 'Configs of up to 1024 PVs; missing and unreadable ones are listed',
        body: PvConfigsRequestSchema,
        response: { 200: PvConfigsReplySchema },
      },
    },
    async (request) => {
      const principal = sessionOf(request);
      const reply: PvConfigsReply = { configs: [], missingPvs: [], unauthorizedPvs: [] };
      for (const ref of request.body) {
        const config = configOf(ref);
        if (config === undefined) reply.missingPvs.push(ref);
        else if (!rights.canReadPv(principal, ref)) reply.unauthorizedPvs.push(ref);
        else reply.configs.push(config);
      }
      return reply;
    },
  );
};
