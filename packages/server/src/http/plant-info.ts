import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';

/** About this plant: plant ID, name, operator, client, provider, company, public authority. */
export const plantInfoRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async () => {};
