import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';
import { maintenanceCalendarRoutes } from './maintenance-calendar.js';
import { maintenanceDocumentRoutes } from './maintenance-documents.js';
import { maintenanceLifecycleRoutes } from './maintenance-lifecycle.js';
import { maintenanceReadRoutes } from './maintenance-reads.js';

/**
 * Maintenance (calls §7 Maintenance, screens §7 overview protocols): reads, machine life cycle,
 * data-sheet documents with the secure upload, and the calendar feed of forecast due dates.
 */
export const maintenanceRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  await app.register(maintenanceReadRoutes, options);
  await app.register(maintenanceLifecycleRoutes, options);
  await app.register(maintenanceDocumentRoutes, options);
  await app.register(maintenanceCalendarRoutes, options);
};
