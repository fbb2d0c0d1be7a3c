import {
  ErrorReply,
  LifecycleBulkSaveReplySchema,
  LifecycleBulkSaveSchema,
  LifecycleEntryInputSchema,
  LifecycleEntrySchema,
  pvKey,
  type LifecycleBulkSaveReply,
  type PvRef,
} from '@leitwarte/core';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';
import { allowedOnPv, auditRefusal, orInputError, pvExists } from './maintenance-guards.js';
import { actorOf } from './request-actor.js';
import { FORBIDDEN_MESSAGE, requireRight } from './require-right.js';

/** Machine life-cycle writes (calls §7 Maintenance); each needs editMaintenance on every PV touched. */
export const maintenanceLifecycleRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { services },
) => {
  const maintenance = services.domain.maintenance;
  const preHandler = requireRight(services, 'editMaintenance');

  app.post(
    '/api/maintenance/machine-lifecycle/entry',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Adds one life-cycle entry to a machine',
        body: LifecycleEntryInputSchema,
        response: { 200: LifecycleEntrySchema, 400: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const action = 'maintenance.lifecycle.create';
      if (!(await pvExists(services, reply, input.pvRef))) return reply;
      if (!(await allowedOnPv(services, request, reply, 'editMaintenance', input.pvRef, action)))
        return reply;
      return orInputError(reply, () => maintenance.createLifecycleEntry(input, actorOf(request)));
    },
  );

  app.post(
    '/api/maintenance/machine-lifecycle',
    {
      preHandler,
      schema: {
        tags: ['maintenance'],
        summary: 'Creates, updates and deletes life-cycle entries together, or none of them',
        body: LifecycleBulkSaveSchema,
        response: { 200: LifecycleBulkSaveReplySchema, 403: ErrorReply },
      },
    },
    async (request) => {
      const body = request.body;
      const actor = actorOf(request);
      // Rights on the PVs written to and on the PVs the changed or deleted entries belong to now.
      const existing = await maintenance.lifecycleEntries([
        ...body.entriesToUpdate.map((e) => e.id),
        ...body.idsToDelete,
      ]);
      const touched = new Map<string, PvRef>();
      for (const ref of [...body.entriesToCreate, ...body.entriesToUpdate, ...existing].map((e) => e.pvRef)) {
        // Unknown PVs are refused by the save itself; rights are only asked about real ones.
        if (services.plant.config(pvKey(ref))) touched.set(pvKey(ref), ref);
      }
      const refused = [...touched.values()].filter(
        (ref) => !services.rights.onPv(actor, 'editMaintenance', ref),
      );
      if (refused.length > 0) {
        await auditRefusal(
          services,
          request,
          'maintenance.lifecycle.save.refused',
          refused.map(pvKey).join(','),
          {
            missingRight: 'editMaintenance',
            unauthorizedPvs: refused,
          },
        );
        const reply: LifecycleBulkSaveReply = {
          created: [],
          updated: [],
          deletedIds: [],
          status: 'Unauthorized',
          errorMessage: `${FORBIDDEN_MESSAGE} (${refused.map(pvKey).join(', ')})`,
        };
        return reply;
      }
      return maintenance.saveLifecycle(body, actor);
    },
  );
};
