import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../services.js';

/** User administration: create, disable, enable, reset password. */
export const adminUserRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async () => {};
